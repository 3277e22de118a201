import type { Risk } from '../../../../shared/settings/settings';
import type { ToolSource } from '../../../../shared/tools/tool-info';

const LABELS: Record<Risk, string> = { read: 'Reads', write: 'Writes', shell: 'Shell', network: 'Network' };
const TITLES: Record<Risk, string> = {
  read: 'Reads files or data; changes nothing',
  write: 'Changes files in your workspace',
  shell: 'Runs a command on your computer',
  network: 'Reaches the internet',
};

export function RiskBadge({ risk }: { risk: Risk }) {
  return (
    <span className={`badge risk risk-${risk}`} title={TITLES[risk]} data-testid="risk-badge" data-risk={risk}>
      {LABELS[risk]}
    </span>
  );
}

/**
 * A tool's badge says only what TACO knows. An MCP tool TACO does not trust as read-only carries
 * the `network` risk for approvals, but its call reaches the network only when its server is at a
 * URL; a server run on this computer is a program whose doings TACO cannot see, and says so in a
 * neutral badge (what the server declares is shown beside it: ReadOnlyBadges).
 */
export function ToolRiskBadge({ risk, source }: { risk: Risk; source: ToolSource | undefined }) {
  if (source?.kind === 'mcp' && risk === 'network' && !source.remote)
    return (
      <span
        className="badge risk risk-local-server"
        title={`Runs in the MCP server “${source.server}”, a program on this computer: TACO cannot see what the tool does there.`}
        data-testid="risk-badge"
        data-risk="local-server"
      >
        Local server
      </span>
    );
  return <RiskBadge risk={risk} />;
}
