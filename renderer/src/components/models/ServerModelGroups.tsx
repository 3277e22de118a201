import type { ServerModels } from '../../../../shared/models';
import { optionLabel } from './option-label';

/**
 * The picker's options grouped by server. A server that did not answer is an empty group named
 * "(not reachable)": its error is never an option (the status dot and Settings carry it).
 */
export function ServerOptionGroups({ groups }: { groups: readonly ServerModels[] }) {
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group.serverId} label={group.type === 'ok' ? group.name : `${group.name} (not reachable)`} data-testid="model-group">
          {group.type === 'ok' &&
            group.models.map((model) => (
              <option key={model.name} value={model.name}>
                {optionLabel(model)}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

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
