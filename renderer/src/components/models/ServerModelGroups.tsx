import type { ServerModels } from '../../../../shared/models/models';

/**
 * A dot beside the picker for servers whose models could not be listed: their names and errors
 * in its label, and a click opens Settings, where each server's row says what went wrong. The
 * header keeps its layout whatever the error says.
 */
export function ServerStatusDot({ groups, onOpenSettings }: { groups: readonly ServerModels[]; onOpenSettings(): void }) {
  const failed = groups.filter((group) => group.type !== 'ok');
  if (failed.length === 0) return null;
  const names = failed.map((group) => group.name).join(', ');
  const summary = failed.length === 1 ? `${names} is not reachable` : `${failed.length} model servers are not reachable: ${names}`;
  return (
    <button
      type="button"
      className="server-status-dot"
      data-testid="model-server-status"
      data-failed={failed.length}
      aria-label={`${summary}. Open Settings for details`}
      title={failed.map((group) => `${group.name}: ${group.message ?? 'not reachable'}`).join('\n')}
      onClick={onOpenSettings}
    >
      <span className="status-dot status-dot-failed" aria-hidden="true" />
    </button>
  );
}
