import { useState } from 'react';
import { useTaco } from '../../store/store-context';
import { ReadOnlyBadges } from '../mcp/McpToolList';
import { APPROVAL_WORDS } from '../mcp/mcp-words';
import { mcpToolAsks, type McpCatalogueEntry } from './mcp-catalogue';
import { ToolRiskBadge } from './RiskBadge';
import { ToolParameters } from './ToolParameters';
import { Switch } from '../ui/Switch';
import { soleAudience } from '../../../../shared/tools/tool-visibility';

/** What the switch means for this tool: an app-only tool is never the model's, on or off. */
function switchWords(enabled: boolean, audience: ReturnType<typeof soleAudience>): string {
  if (audience === 'app-only') return enabled ? 'On for its app only: the model never sees it' : 'Switched off: its app cannot call it';
  if (audience === 'nobody') return 'Declared for nobody: neither the model nor its app can call it';
  return enabled ? 'Offered to the model' : 'Switched off: the model does not see it';
}

/** An MCP tool: its server's policy decides approval; it can be switched off and on here. */
export function McpCatalogueToolCard({ entry }: { entry: McpCatalogueEntry }) {
  const setToolEnabled = useTaco((state) => state.setMcpToolEnabled);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { server, tool, info } = entry;
  const headingId = `tool-${tool.qualifiedName}`;
  const asks = mcpToolAsks(entry);

  const toggle = async (enabled: boolean) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await setToolEnabled(server.name, tool.name, enabled);
    setBusy(false);
    if (!result.ok) setError(result.message);
  };

  return (
    <article
      className={`catalogue-tool${tool.enabled ? '' : ' catalogue-tool-off'}`}
      data-testid="catalogue-tool"
      data-tool-id={tool.qualifiedName}
      data-server={server.name}
      data-enabled={tool.enabled}
      aria-labelledby={headingId}
    >
      <header className="catalogue-tool-head">
        <h4 id={headingId}>{tool.name}</h4>
        <code className="muted">{tool.qualifiedName}</code>
        <ToolRiskBadge risk={info?.risk ?? 'network'} source={info?.source} />
        {asks && (
          <span className="badge approval-ask" data-testid="mcp-asks" title="TACO asks you before each call">
            asks
          </span>
        )}
        <ReadOnlyBadges tool={tool} />
      </header>
      {tool.description && <p className="plain-text">{tool.description}</p>}
      <Switch
        className="mcp-tool-toggle"
        testId="catalogue-tool-enabled"
        ariaLabelledBy={`${headingId}-switch ${headingId}`}
        checked={tool.enabled}
        busy={busy}
        onChange={(enabled) => void toggle(enabled)}
      >
        <span id={`${headingId}-switch`}>{switchWords(tool.enabled, soleAudience(tool.visibility))}</span>
      </Switch>
      <span className="field-hint">
        Approval follows the server’s setting ({APPROVAL_WORDS[server.approval]}); change it in Settings → MCP servers.
      </span>
      {error && (
        <p className="field-error" role="alert" data-testid="catalogue-tool-error">
          {error}
        </p>
      )}
      {info ? (
        <ToolParameters parameters={info.parameters} />
      ) : (
        <p className="muted small">Its parameters show while the tool is switched on and its server is ready.</p>
      )}
    </article>
  );
}
