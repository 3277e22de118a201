import type { ToolInfo } from '../../../../shared/tool-info';
import { formatToolName } from '../../../../shared/format-tool-name';
import { RiskBadge } from './RiskBadge';
import { ToolApprovalControl } from './ToolApprovalControl';

/** `offered`: whether the open conversation's last model request carried this tool (null: no request yet). */
export function CatalogueToolCard({ tool, offered = null }: { tool: ToolInfo; offered?: boolean | null }) {
  const parameters = Object.entries(tool.parameters);
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
      {parameters.length > 0 ? (
        <table className="parameters">
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {parameters.map(([name, parameter]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                  {parameter.required ? '' : <span className="muted"> (optional)</span>}
                </td>
                <td>{parameter.type === 'array' && parameter.items ? `${parameter.items.type}[]` : parameter.type}</td>
                <td className="plain-text">
                  {parameter.description}
                  {parameter.enum ? ` One of: ${parameter.enum.join(', ')}.` : ''}
                  {parameter.default !== undefined ? ` Default: ${String(parameter.default)}.` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">No parameters.</p>
      )}
      {tool.usageInstructions.trim() && (
        <details className="usage">
          <summary>How the model should use it</summary>
          <p className="plain-text">{tool.usageInstructions}</p>
        </details>
      )}
    </article>
  );
}
