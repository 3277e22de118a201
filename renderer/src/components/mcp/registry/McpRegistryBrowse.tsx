import { useEffect, useId, useState, type FormEvent } from 'react';
import type { RegistryServerSummary } from '../../../../../shared/mcp/mcp-registry';
import { useTaco } from '../../../store/store-context';
import { RegistryInstallDialog, type InstallTarget } from './RegistryInstallDialog';
import { RegistryAddress } from './RegistryAddress';

const TRANSPORT_WORDS: Record<RegistryServerSummary['transports'][number], string> = {
  npm: 'npm',
  pypi: 'PyPI',
  oci: 'OCI image',
  remote: 'remote (URL)',
  other: 'other package',
};

/** Settings → MCP servers → Browse: search the MCP registry, page with "Load more", install one with its command shown first. */
export function McpRegistryBrowse() {
  const listing = useTaco((state) => state.registryListing);
  const error = useTaco((state) => state.registryError);
  const loading = useTaco((state) => state.registryLoading);
  const search = useTaco((state) => state.searchRegistry);
  const loadMore = useTaco((state) => state.loadMoreRegistry);
  const [query, setQuery] = useState(listing?.query ?? '');
  const [installing, setInstalling] = useState<InstallTarget | null>(null);
  const id = useId();

  // The first visit lists the registry; a later visit shows what was listed.
  const listed = listing !== null;
  useEffect(() => {
    if (!listed) void search('');
  }, [listed, search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(query);
  };

  return (
    <div className="mcp-registry" data-testid="mcp-registry">
      <RegistryAddress onChanged={() => void search(query)} />
      <form className="mcp-registry-search" role="search" onSubmit={submit}>
        <label className="field" htmlFor={`${id}-query`}>
          <span className="field-label">Search the registry by name</span>
          <input
            id={`${id}-query`}
            type="search"
            data-testid="mcp-registry-query"
            value={query}
            spellCheck={false}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <button type="submit" className="button" data-testid="mcp-registry-search" aria-disabled={loading}>
          Search
        </button>
      </form>
      {error && (
        <p className="field-error plain-text" role="alert" data-testid="mcp-registry-error">
          {error}
        </p>
      )}
      {listing === null && loading && <p className="muted">Asking the registry…</p>}
      {listing !== null && (
        <>
          <p className="muted small" role="status" data-testid="mcp-registry-count">
            {listing.servers.length === 0
              ? 'No server matches.'
              : `${listing.servers.length} server${listing.servers.length === 1 ? '' : 's'} shown.`}
            {listing.skipped > 0 &&
              ` ${listing.skipped === 1 ? 'One entry' : `${listing.skipped} entries`} the registry sent ${listing.skipped === 1 ? 'was' : 'were'} not valid and ${listing.skipped === 1 ? 'is' : 'are'} not shown.`}
          </p>
          <ul className="mcp-servers" aria-label="Servers in the registry">
            {listing.servers.map((server) => (
              <RegistryRow
                key={server.name}
                server={server}
                onInstall={() => setInstalling({ server: server.name, version: server.version, update: null })}
              />
            ))}
          </ul>
          {listing.nextCursor && (
            <button
              type="button"
              className="button"
              data-testid="mcp-registry-more"
              aria-disabled={loading}
              onClick={() => void loadMore()}
            >
              {loading ? 'Loading…' : 'Load more'}
            </button>
          )}
        </>
      )}
      {installing && <RegistryInstallDialog target={installing} onClose={() => setInstalling(null)} />}
    </div>
  );
}

function RegistryRow({ server, onInstall }: { server: RegistryServerSummary; onInstall(): void }) {
  const deprecated = server.status !== 'active';
  return (
    <li
      className="mcp-server"
      data-testid="mcp-registry-server"
      data-server={server.name}
      data-status={server.status}
      aria-label={server.name}
    >
      <div className="mcp-server-head">
        <span className="mcp-server-name plain-text">{server.title ?? server.name}</span>
        <span className="muted small">{server.version}</span>
        {server.official && (
          <span
            className="badge mcp-registry-official"
            data-testid="mcp-registry-official"
            title="Listed in the official MCP registry, whose publishers prove they own their namespace"
          >
            Official registry
          </span>
        )}
        {deprecated && (
          <span className="badge mcp-registry-deprecated" data-testid="mcp-registry-deprecated">
            {server.status === 'deleted' ? 'Removed' : 'Deprecated'}
          </span>
        )}
      </div>
      <p className="plain-text mcp-registry-description">{server.description}</p>
      <div className="muted small plain-text mcp-server-transport">
        {server.name} · by {server.publisher} ·{' '}
        {server.transports.map((transport) => TRANSPORT_WORDS[transport]).join(', ') || 'nothing to install'}
      </div>
      <div className="mcp-server-actions">
        <button type="button" className="button" data-testid="mcp-registry-install" onClick={onInstall}>
          {deprecated ? 'Install anyway…' : 'Install…'}
        </button>
      </div>
    </li>
  );
}
