import { useEffect, useMemo, useState } from 'react';
import { useTaco } from '../../store/store-context';
import { selectLastOffered } from '../../store/selectors';
import { groupTools } from './catalogue-filter';
import { CatalogueToolCard } from './CatalogueToolCard';
import { Dialog } from '../ui/Dialog';
import { groupMcpTools, isMcpTool } from './mcp-catalogue';
import { McpCatalogueToolCard } from './McpCatalogueToolCard';
import { CatalogueSkills } from '../skills/CatalogueSkills';

/** Every tool the model can use: the skills first, then tools by category, then MCP tools by server; searchable, with parameters, usage, risk and approval. */
export function Catalogue() {
  const tools = useTaco((state) => state.tools);
  const error = useTaco((state) => state.toolsError);
  const loadTools = useTaco((state) => state.loadTools);
  const servers = useTaco((state) => state.mcpServers);
  const loadMcpServers = useTaco((state) => state.loadMcpServers);
  const close = useTaco((state) => state.setCatalogueOpen);
  const lastOffered = useTaco(selectLastOffered);
  const [query, setQuery] = useState('');
  const offered = useMemo(() => (lastOffered ? new Set(lastOffered.offered) : null), [lastOffered]);
  const groups = useMemo(
    () =>
      groupTools(
        (tools ?? []).filter((tool) => !isMcpTool(tool)),
        query,
      ),
    [tools, query],
  );
  const mcpGroups = useMemo(() => groupMcpTools(tools ?? [], servers, query), [tools, servers, query]);

  useEffect(() => {
    void loadMcpServers();
  }, [loadMcpServers]);

  return (
    <Dialog title="Tools" testId="catalogue" onClose={() => close(false)} size="wide">
      <input
        type="search"
        className="catalogue-search"
        data-testid="catalogue-search"
        data-autofocus
        aria-label="Search tools"
        placeholder="Search tools by name or what they do"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {lastOffered && (
        <p className="muted small" data-testid="catalogue-offered-summary">
          {lastOffered.narrowed
            ? `The last request offered ${lastOffered.offered.length} of ${lastOffered.total} tools, the most relevant to the task; they are marked “Offered”.`
            : `The last request offered every tool (${lastOffered.offered.length}).`}
        </p>
      )}
      {error && (
        <div className="notice" role="alert">
          <span className="notice-text">{error}</span>
          <button type="button" className="button" onClick={() => void loadTools({ force: true })}>
            Retry
          </button>
        </div>
      )}
      <CatalogueSkills query={query} />
      {tools === null && !error && <p className="muted">Loading the tools…</p>}
      {tools !== null && groups.length === 0 && mcpGroups.length === 0 && (
        <p className="muted" data-testid="catalogue-empty">
          No tool matches “{query}”.
        </p>
      )}
      {groups.map(([category, list]) => (
        <section key={category} className="catalogue-category" data-testid="catalogue-category" aria-label={category}>
          <h3>{category}</h3>
          {list.map((tool) => (
            <CatalogueToolCard key={tool.toolId} tool={tool} offered={offered ? offered.has(tool.toolId) : null} />
          ))}
        </section>
      ))}
      {tools !== null &&
        mcpGroups.map((group) => (
          <section
            key={group.server}
            className="catalogue-category"
            data-testid="catalogue-category"
            data-server={group.server}
            aria-label={group.title}
          >
            <h3>{group.title}</h3>
            {group.entries.map((entry) => (
              <McpCatalogueToolCard key={entry.tool.qualifiedName} entry={entry} />
            ))}
          </section>
        ))}
    </Dialog>
  );
}
