import { useTaco } from '../store/store-context';

/** Shown while the link to TACO's main process is down (web host only). */
export function ConnectionBanner() {
  const connection = useTaco((state) => state.connection);
  if (connection.type !== 'reconnecting' && connection.type !== 'unavailable') return null;
  return (
    <div className={`connection-banner connection-${connection.type}`} role="status" data-testid="connection-banner">
      {connection.message}
    </div>
  );
}
