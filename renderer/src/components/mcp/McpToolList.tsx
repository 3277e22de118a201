import { useState } from 'react';
import type { McpServerView, McpToolView } from '../../../../shared/mcp/mcp';
import { useTaco } from '../../store/store-context';
import { revealInvisible } from '../../format/reveal-invisible';
import { Switch } from '../ui/Switch';
import { soleAudience } from '../../../../shared/tools/tool-visibility';

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

/** What main's review says of a tool: never reviewed ("new tool"), changed since the review, or reviewed as it is. */
export function reviewState(tool: Pick<McpToolView, 'changes'>): 'new' | 'changed' | 'reviewed' {
  if (tool.changes === undefined || tool.changes.length === 0) return 'reviewed';
  return tool.changes.every((change) => change === NEW_TOOL) ? 'new' : 'changed';
}

/** The word tool-pinning.ts gives a tool that was not there when the user last reviewed the server. */
const NEW_TOOL = 'new tool';

/**
 * The review notice in what is true of each tool: a tool never reviewed (a fresh install, a tool
 * the server added) is "not reviewed yet", and only a tool whose definition differs from the one
 * the user accepted "changed since you reviewed". Both ask before every call until the user has
 * read them here and accepts; "Accept" pins them as they are now (main: tool-pinning.ts).
 */
export function reviewNoticeText(tools: readonly Pick<McpToolView, 'changes'>[]): string | null {
  const fresh = tools.filter((tool) => reviewState(tool) === 'new').length;
  const changed = tools.filter((tool) => reviewState(tool) === 'changed').length;
  if (fresh === 0 && changed === 0) return null;
  const count = (n: number, one: string, many: string): string => (n === 1 ? one : `${n} ${many}`);
  const parts = [
    ...(changed > 0 ? [count(changed, 'One tool has changed since you reviewed it', 'tools have changed since you reviewed them')] : []),
    ...(fresh > 0
      ? [
          fresh === tools.length
            ? `${count(fresh, 'This server’s tool is', 'tools of this server are')} not reviewed yet`
            : `${count(fresh, 'one tool is', 'tools are')} new and not reviewed yet`,
        ]
      : []),
  ];
  const sentence = parts.join(', and ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. ${fresh + changed === 1 ? 'It asks' : 'They ask'} before every call until you accept ${fresh + changed === 1 ? 'it' : 'them'}: read the descriptions below first.`;
}

function ToolChangesNotice({ server }: { server: McpServerView }) {
  const accept = useTaco((state) => state.acceptMcpToolChanges);
  const [error, setError] = useState<string | null>(null);
  const text = reviewNoticeText(server.tools);
  if (text === null) return null;
  const anyChanged = server.tools.some((tool) => reviewState(tool) === 'changed');
  return (
    <div className={anyChanged ? 'card-warning' : 'card-note'} role={anyChanged ? 'alert' : 'status'} data-testid="mcp-tool-changes">
      <p>
        {anyChanged ? '⚠ ' : ''}
        {text}
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
      {reviewState(tool) === 'changed' && (
        <span className="badge risk-write" data-testid="mcp-tool-changed">
          changed: {(tool.changes ?? []).filter((change) => change !== NEW_TOOL).join(', ')}
        </span>
      )}
      {reviewState(tool) === 'new' && (
        <span className="badge" data-testid="mcp-tool-unreviewed" title="It asks before every call until you accept this server’s tools.">
          not reviewed yet
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

const AUDIENCE_WORDS = { 'app-only': 'app only', 'model-only': 'model only', nobody: 'callable by nobody' } as const;
const AUDIENCE_TITLES = {
  'app-only': 'The server declared this tool for its app only: the model never sees it; the app calls it through your approval.',
  'model-only': 'The server declared this tool for the model only: its app cannot call it.',
  nobody: 'The server declared neither the model nor its app for this tool, so TACO lets nobody call it.',
} as const;

/** What the server declared about a tool (who may call it, whether it only reads). A declaration, not a guarantee: TACO trusts it only for a trusted-read server. */
export function ReadOnlyBadges({ tool }: { tool: Pick<McpToolView, 'readOnlyHint' | 'destructiveHint' | 'visibility'> }) {
  const audience = soleAudience(tool.visibility);
  return (
    <>
      {audience !== null && (
        <span className="badge" data-testid="mcp-audience" data-audience={audience} title={AUDIENCE_TITLES[audience]}>
          {AUDIENCE_WORDS[audience]}
        </span>
      )}
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
