import { useEffect, useState } from 'react';
import { useTaco } from '../../store/store-context';
import { emptyServerForm } from './mcp-server-form';
import { McpImportForm } from './McpImportForm';
import { McpServerFormView } from './McpServerFormView';
import { McpServerRow } from './McpServerRow';
import { Tabs } from '../ui/Tabs';
import { McpRegistryBrowse } from './registry/McpRegistryBrowse';
import { RegistryUpdates } from './registry/RegistryUpdates';

/**
 * Settings → MCP servers: every configured server, live, with add and paste-JSON, and Browse (the
 * MCP registry). Changes start at once; the dialog's Cancel undoes them (use-settings-visit.ts).
 */
export function McpServersSection() {
  const load = useTaco((state) => state.loadMcpServers);
  const loadAlwaysAllowed = useTaco((state) => state.loadMcpAlwaysAllowed);
  const [view, setView] = useState<'servers' | 'browse'>('servers');

  useEffect(() => {
    void load();
    void loadAlwaysAllowed();
  }, [load, loadAlwaysAllowed]);

  return (
    <section className="settings-section mcp-section" data-testid="mcp-section" aria-labelledby="mcp-section-title">
      <h3 id="mcp-section-title" className="section-title">
        MCP servers
      </h3>
      <p className="field-hint">
        Tools from Model Context Protocol servers join the catalogue as mcp__&lt;server&gt;__&lt;tool&gt;. They ask before each call unless
        you trust the server. A server starts as you add or change it, so you can see its tools; Save keeps it, Cancel undoes it.
      </p>
      <Tabs
        label="MCP servers views"
        value={view}
        onValueChange={(next) => setView(next === 'browse' ? 'browse' : 'servers')}
        tabs={[
          { value: 'servers', label: 'Your servers', testId: 'mcp-view-servers', content: <YourServers /> },
          { value: 'browse', label: 'Browse the registry', testId: 'mcp-view-browse', content: <McpRegistryBrowse /> },
        ]}
      />
    </section>
  );
}

/** The configured servers, their registry updates, and adding one by hand or by pasting JSON. */
function YourServers() {
  const servers = useTaco((state) => state.mcpServers);
  const error = useTaco((state) => state.mcpError);
  const load = useTaco((state) => state.loadMcpServers);
  const [adding, setAdding] = useState<'form' | 'json' | null>(null);
  return (
    <div className="mcp-your-servers">
      {error && (
        <div className="notice" role="alert">
          <span className="notice-text">{error}</span>
          <button type="button" className="button" onClick={() => void load()}>
            Retry
          </button>
        </div>
      )}
      {servers === null && !error && <p className="muted">Loading the servers…</p>}
      {servers !== null && servers.length === 0 && (
        <p className="muted" data-testid="mcp-empty">
          No MCP servers yet. Add one, or paste the "mcpServers" block from another app’s config.
        </p>
      )}
      {servers !== null && servers.length > 0 && (
        <ul className="mcp-servers" aria-label="MCP servers">
          {servers.map((server) => (
            <McpServerRow key={server.name} server={server} />
          ))}
        </ul>
      )}
      {adding === 'form' && <McpServerFormView initial={emptyServerForm()} editing={null} onDone={() => setAdding(null)} />}
      {adding === 'json' && <McpImportForm onDone={() => setAdding(null)} />}
      {adding === null && (
        <div className="mcp-server-actions">
          <button type="button" className="button" data-testid="mcp-add" onClick={() => setAdding('form')}>
            Add server
          </button>
          <button type="button" className="button" data-testid="mcp-paste-json" onClick={() => setAdding('json')}>
            Paste JSON
          </button>
        </div>
      )}
      <RegistryUpdates />
    </div>
  );
}
