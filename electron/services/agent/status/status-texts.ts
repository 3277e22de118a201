import { mcpToolLabel, toolDisplayName } from '../../../../shared/tools/tool-display-name';
import type { ToolSource } from '../../../../shared/tools/tool-info';
import type { Limits } from '../../../../shared/settings/settings';
import type { StopReason } from '../../../../shared/conversations/stop-reason';

/** The fixed steps of the thinking status. */
export const STATUS = {
  analyzing: 'Analyzing request...',
  selecting: 'Selecting appropriate tools...',
  processing: 'Processing tool results...',
  formulating: 'Formulating response...',
} as const;

/** "Read File", or an MCP tool as its server names it with the server: "echo (everything)". */
function statusName(tool: string, source: ToolSource | undefined): string {
  const label = mcpToolLabel(tool, { source });
  return label ? `${label.tool} (${label.server})` : toolDisplayName(tool);
}

/** "Using Read File..." — shown at once while the generated sentence is on its way. */
export function usingToolStatus(tool: string, source?: ToolSource): string {
  return `Using ${statusName(tool, source)}...`;
}

/** While an approval card waits: "Waiting for your approval to use Write File...". */
export function awaitingApprovalStatus(tool: string, source?: ToolSource): string {
  return `Waiting for your approval to use ${statusName(tool, source)}...`;
}

export function toolFailedStatus(tool: string, source?: ToolSource): string {
  return `Tool ${statusName(tool, source)} failed, trying another approach...`;
}

/** "Stopped: <reason in words>" for every reason but `complete`; null for `complete`. */
export function stoppedStatus(reason: StopReason, limits: Limits): string | null {
  switch (reason) {
    case 'complete':
      return null;
    case 'max_iterations':
      return `Stopped: reached the limit of ${limits.maxIterations} tool rounds`;
    case 'consecutive_errors':
      return `Stopped: ${limits.maxConsecutiveErrors} tool errors in a row`;
    case 'timeout':
      return `Stopped: the task took longer than ${Math.round(limits.runTimeoutMs / 1000)} seconds`;
    case 'cancelled':
      return 'Stopped: cancelled by you';
    case 'repeated_call':
      return 'Stopped: the model repeated the same tool call';
    case 'model_gave_up':
      return 'Stopped: the model said it cannot complete the task';
    case 'provider_error':
      return 'Stopped: the model server returned an error';
    case 'interrupted':
      return 'Stopped: TACO closed before the answer finished';
    default: {
      const unreachable: never = reason;
      return String(unreachable);
    }
  }
}
