import { useEffect, useState } from 'react';
import { useTaco } from '../../store/store-context';

/**
 * A switched-on server that failed never blocks a chat: runs go on with the tools that are ready.
 * This line says which server is missing, and opens its details.
 */
export function McpBanner() {
  const servers = useTaco((state) => state.mcpServers);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const failed = (servers ?? []).filter((server) => server.enabled && server.status === 'failed').map((server) => server.name);
  const key = failed.join('\n');
  // Dismissed until every server is well again: a new failure after that shows again.
  useEffect(() => {
    if (key === '') setDismissed(null);
  }, [key]);
  if (failed.length === 0 || key === dismissed) return null;

  const names = failed.map((name) => `“${name}”`).join(', ');
  return (
    <div className="mcp-banner" role="status" data-testid="mcp-banner">
      <span className="notice-text">
        {failed.length === 1 ? `MCP server ${names} failed` : `MCP servers ${names} failed`}, so {failed.length === 1 ? 'its' : 'their'}{' '}
        tools are not available. Chats still work with the other tools.
      </span>
      <button type="button" className="button" data-testid="mcp-banner-open" onClick={() => openSettings(true, 'mcp')}>
        Show why
      </button>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setDismissed(key)}>
        ×
      </button>
    </div>
  );
}
