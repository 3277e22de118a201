import { formatToolName } from '../../../../shared/tools/format-tool-name';
import type { Limits } from '../../../../shared/settings/settings';
import type { StopReason } from '../../../../shared/conversations/stop-reason';

/** The fixed steps of the thinking status. */
export const STATUS = {
  analyzing: 'Analyzing request...',
  selecting: 'Selecting appropriate tools...',
  processing: 'Processing tool results...',
  formulating: 'Formulating response...',
} as const;

/** "Using Read File..." — shown at once while the generated sentence is on its way. */
export function usingToolStatus(tool: string): string {
  return `Using ${formatToolName(tool)}...`;
}

/** While an approval card waits: "Waiting for your approval to use Write File...". */
export function awaitingApprovalStatus(tool: string): string {
  return `Waiting for your approval to use ${formatToolName(tool)}...`;
}

export function toolFailedStatus(tool: string): string {
  return `Tool ${formatToolName(tool)} failed, trying another approach...`;
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
