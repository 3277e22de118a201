import { useState } from 'react';
import type { McpServerView, McpToolView } from '../../../../shared/mcp/mcp';
import { useTaco } from '../../store/store-context';
import { revealInvisible } from '../../format/reveal-invisible';
import { Switch } from '../ui/Switch';

/** A server's tools, each with its own switch; declared annotations shown as badges (shown, never trusted alone). */
export function McpToolList({ server }: { server: McpServerView }) {
  if (server.tools.length === 0)
    return (
      <p className="muted small" data-testid="mcp-no-tools">
        {server.status === 'ready' ? 'This server offers no tools.' : 'Its tools are listed once the server is ready.'}
      </p>
    );
  return (
    <>
      <ToolChangesNotice server={server} />
      <ul className="mcp-tools" aria-label={`Tools of ${server.name}`}>
        {server.tools.map((tool) => (
          <McpToolItem key={tool.name} server={server.name} tool={tool} />
        ))}
      </ul>
    </>
  );
}

/**
 * Tools that changed since the user reviewed them (or are new) always ask, with a warning; once
 * the user has read them here, "Accept" pins them as they are now (main: tool-pinning.ts).
 */
function ToolChangesNotice({ server }: { server: McpServerView }) {
  const accept = useTaco((state) => state.acceptMcpToolChanges);
  const [error, setError] = useState<string | null>(null);
  const changed = server.tools.filter((tool) => tool.changes !== undefined && tool.changes.length > 0);
  if (changed.length === 0) return null;
  return (
    <div className="card-warning" role="alert" data-testid="mcp-tool-changes">
      <p>
        ⚠ {changed.length === 1 ? 'One tool has' : `${changed.length} tools have`} changed since you reviewed them. They ask before every
        call until you accept them. Read their descriptions below first.
      </p>
      <button
        type="button"
        className="button"
        data-testid="mcp-accept-tool-changes"
        onClick={() =>
          void accept(server.name).then((result) => {
            setError(result.ok ? null : result.message);
          })
        }
      >
        Accept the current tools
      </button>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function McpToolItem({ server, tool }: { server: string; tool: McpToolView }) {
  const setToolEnabled = useTaco((state) => state.setMcpToolEnabled);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (enabled: boolean) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await setToolEnabled(server, tool.name, enabled);
    setBusy(false);
    if (!result.ok) setError(result.message);
  };
  return (
    <li className="mcp-tool" data-testid="mcp-tool" data-tool={tool.name} data-enabled={tool.enabled}>
      <Switch
        className="mcp-tool-toggle"
        testId="mcp-tool-enabled"
        checked={tool.enabled}
        busy={busy}
        onChange={(enabled) => void toggle(enabled)}
      >
        <code>{tool.name}</code>
      </Switch>
      <ReadOnlyBadges tool={tool} />
      {tool.changes && tool.changes.length > 0 && (
        <span className="badge risk-write" data-testid="mcp-tool-changed">
          changed: {tool.changes.join(', ')}
        </span>
      )}
      {/* A server's words: bidi controls and invisible characters are shown, so a review reads what the model reads. */}
      {tool.description && <p className="muted small plain-text mcp-tool-description">{revealInvisible(tool.description).text}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** What the server declared about a tool. A declaration, not a guarantee: TACO trusts it only for a trusted-read server. */
export function ReadOnlyBadges({ tool }: { tool: Pick<McpToolView, 'readOnlyHint' | 'destructiveHint'> }) {
  return (
    <>
      {tool.readOnlyHint === true && (
        <span
          className="badge risk-read"
          data-testid="mcp-read-only"
          title="The server says this tool only reads. TACO trusts that only if you chose “Trust read-only tools” for the server."
        >
          read-only (declared)
        </span>
      )}
      {tool.destructiveHint === true && tool.readOnlyHint !== true && (
        <span className="badge risk-write" title="The server says this tool may change or delete things.">
          destructive (declared)
        </span>
      )}
    </>
  );
}
