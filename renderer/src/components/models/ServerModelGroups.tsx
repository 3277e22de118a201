import type { ServerModels } from '../../../../shared/models';
import { optionLabel } from './option-label';

/** The picker's options grouped by server; a server that did not answer shows a disabled line. */
export function ServerOptionGroups({ groups }: { groups: readonly ServerModels[] }) {
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group.serverId} label={group.type === 'ok' ? group.name : `${group.name} (unavailable)`} data-testid="model-group">
          {group.type === 'ok' ? (
            group.models.map((model) => (
              <option key={model.name} value={model.name}>
                {optionLabel(model)}
              </option>
            ))
          ) : (
            <option disabled value="">
              {group.message ?? 'Not available'}
            </option>
          )}
        </optgroup>
      ))}
    </>
  );
}

/** Servers whose models could not be listed, each with its error in words. */
export function ServerErrors({ groups }: { groups: readonly ServerModels[] }) {
  const failed = groups.filter((group) => group.type !== 'ok');
  if (failed.length === 0) return null;
  return (
    <span className="model-server-errors" role="status" data-testid="model-server-errors">
      {failed.map((group) => (
        <span
          key={group.serverId}
          className="field-error"
          data-testid="model-server-error"
          data-server-id={group.serverId}
          title={group.message ?? ''}
        >
          {group.name}: {group.message}
        </span>
      ))}
    </span>
  );
}
