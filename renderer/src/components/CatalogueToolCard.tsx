import type { ApprovalPolicy } from '../../../shared/settings';
import type { ToolInfo } from '../../../shared/tool-info';
import { formatToolName } from '../../../shared/format-tool-name';
import { RiskBadge } from './RiskBadge';

/** Whether the tool asks first: the tool must require approval and the user's setting for its risk must be "ask". */
function approvalWords(tool: ToolInfo, policy: ApprovalPolicy | null): string {
  if (!tool.requiresApproval) return 'Runs without asking';
  if (policy === 'allow') return `Runs without asking (your setting allows ${tool.risk} tools)`;
  return 'Asks you before it runs';
}

export function CatalogueToolCard({ tool, policy }: { tool: ToolInfo; policy: ApprovalPolicy | null }) {
  const parameters = Object.entries(tool.parameters);
  return (
    <article className="catalogue-tool" data-testid="catalogue-tool" data-tool-id={tool.toolId} aria-labelledby={`tool-${tool.toolId}`}>
      <header className="catalogue-tool-head">
        <h4 id={`tool-${tool.toolId}`}>{formatToolName(tool.toolId)}</h4>
        <code className="muted">{tool.toolId}</code>
        <RiskBadge risk={tool.risk} />
        <span className={`badge approval-${tool.requiresApproval && policy !== 'allow' ? 'ask' : 'auto'}`} data-testid="approval-setting">
          {approvalWords(tool, policy)}
        </span>
      </header>
      <p className="plain-text">{tool.description}</p>
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
