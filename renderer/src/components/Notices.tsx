import { useTaco } from '../store/store-context';

/** Errors from calls that failed, each with what to do next, until dismissed. */
export function Notices() {
  const notices = useTaco((state) => state.notices);
  const dismiss = useTaco((state) => state.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="alert">
      {notices.map((notice) => (
        <div key={notice.id} className="notice" data-testid="error-notice">
          <span className="notice-text">{notice.message}</span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
