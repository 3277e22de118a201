import { useEffect, useState } from 'react';
import { useTaco } from '../../../store/store-context';
import { RegistryInstallDialog, type InstallTarget } from './RegistryInstallDialog';

/** Registry-installed servers with a newer version in the registry: what changes in their command, and Update. */
export function RegistryUpdates() {
  const hasRegistryServers = useTaco((state) => (state.mcpServers ?? []).some((server) => server.registry !== undefined));
  const updates = useTaco((state) => state.registryUpdates);
  const error = useTaco((state) => state.registryUpdatesError);
  const load = useTaco((state) => state.loadRegistryUpdates);
  const [updating, setUpdating] = useState<InstallTarget | null>(null);

  useEffect(() => {
    if (hasRegistryServers) void load();
  }, [hasRegistryServers, load]);

  if (!hasRegistryServers) return null;
  return (
    <div className="mcp-registry-updates" data-testid="mcp-registry-updates">
      {error && (
        <p className="muted small plain-text" data-testid="mcp-registry-updates-error">
          Updates could not be checked: {error}
        </p>
      )}
      {(updates ?? []).map((update) => (
        <div key={update.localName} className="notice" data-testid="mcp-registry-update" data-server={update.localName}>
          <span className="notice-text plain-text">
            {update.localName}: version {update.latest} is available (installed {update.installed}).
            {update.changes.length > 0 ? ` Changes: ${update.changes.join('; ')}.` : ' The command stays the same.'}
            {update.refused ? ` It cannot be installed here: ${update.refused}` : ''}
          </span>
          {update.plan && (
            <button
              type="button"
              className="button"
              data-testid="mcp-registry-update-open"
              onClick={() => setUpdating({ server: update.server, version: update.latest, update })}
            >
              Update…
            </button>
          )}
        </div>
      ))}
      {updating && <RegistryInstallDialog target={updating} onClose={() => setUpdating(null)} />}
    </div>
  );
}
