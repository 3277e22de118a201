import type { Risk } from '../../../../shared/settings/settings';
import { ToolRiskBadge } from '../catalogue/RiskBadge';
import { useToolLabel } from './McpServerTag';

/** The badge of a call's tool, from its catalogue entry (an MCP tool's server decides what it can say: ToolRiskBadge). */
export function CallRiskBadge({ tool, risk }: { tool: string; risk: Risk }) {
  const { info } = useToolLabel(tool);
  return <ToolRiskBadge risk={risk} source={info?.source} />;
}
