import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { formatToolName } from '../../../../shared/tools/format-tool-name';
import { RiskBadge } from './RiskBadge';
import { ToolApprovalControl } from './ToolApprovalControl';
import { ToolParameters } from './ToolParameters';

/** `offered`: whether the open conversation's last model request carried this tool (null: no request yet). */
export function CatalogueToolCard({ tool, offered = null }: { tool: ToolInfo; offered?: boolean | null }) {
  return (
    <article
      className="catalogue-tool"
      data-testid="catalogue-tool"
      data-tool-id={tool.toolId}
      data-offered={offered === null ? undefined : String(offered)}
      aria-labelledby={`tool-${tool.toolId}`}
    >
      <header className="catalogue-tool-head">
        <h4 id={`tool-${tool.toolId}`}>{formatToolName(tool.toolId)}</h4>
        <code className="muted">{tool.toolId}</code>
        <RiskBadge risk={tool.risk} />
        {offered && (
          <span className="badge offered-badge" data-testid="offered-badge" title="Sent to the model in the last request">
            Offered
          </span>
        )}
      </header>
      <p className="plain-text">{tool.description}</p>
      <ToolApprovalControl tool={tool} headingId={`tool-${tool.toolId}`} />
      <ToolParameters parameters={tool.parameters} />
      {tool.usageInstructions.trim() && (
        <details className="usage">
          <summary>How the model should use it</summary>
          <p className="plain-text">{tool.usageInstructions}</p>
        </details>
      )}
    </article>
  );
}
