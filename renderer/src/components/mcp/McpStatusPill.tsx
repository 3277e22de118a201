import type { McpServerStatus } from '../../../../shared/mcp/mcp';
import { STATUS_WORDS } from './mcp-words';

export function McpStatusPill({ status }: { status: McpServerStatus }) {
  return (
    <span className={`badge mcp-status mcp-status-${status}`} data-testid="mcp-status" data-status={status} role="status">
      {status === 'starting' && <span className="spinner" aria-hidden="true" />}
      {STATUS_WORDS[status]}
    </span>
  );
}
