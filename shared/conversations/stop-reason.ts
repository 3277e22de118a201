/** Why a run ended. Every reason but `complete` is shown to the user in plain words. */
export const STOP_REASONS = [
  'complete',
  'max_iterations',
  'consecutive_errors',
  'timeout',
  'cancelled',
  'repeated_call',
  'model_gave_up',
  'provider_error',
  /** Never emitted by the loop: the app stopped (crash, kill) before the run finished. */
  'interrupted',
] as const;

export type StopReason = (typeof STOP_REASONS)[number];

/** Plain-words summary of a stop, for the conversation, the status line and the CLI. */
export function describeStopReason(
  reason: StopReason,
  limits?: {
    maxIterations?: number;
    timeoutMs?: number;
    /** False: no answer text had arrived (nothing partial to keep). */ answered?: boolean;
  },
): string {
  switch (reason) {
    case 'complete':
      return 'Done.';
    case 'max_iterations':
      return `Stopped after ${limits?.maxIterations ?? 'the maximum number of'} tool rounds. Continue with the task?`;
    case 'consecutive_errors':
      return 'Stopped: the tools failed several times in a row. Rephrase the request or check the tool errors above.';
    case 'timeout': {
      const seconds = limits?.timeoutMs ? Math.round(limits.timeoutMs / 1000) : undefined;
      return `Stopped: the task took longer than ${seconds ? `${seconds} seconds` : 'the time limit'}. Continue, or raise the limit in Settings.`;
    }
    case 'cancelled':
      return limits?.answered === false ? 'Stopped by you before the model answered.' : 'Stopped by you. The partial answer is kept.';
    case 'repeated_call':
      return 'Stopped: the model kept repeating the same tool call. Try rephrasing the request.';
    case 'model_gave_up':
      return 'The model said it cannot complete this task.';
    case 'provider_error':
      return 'Stopped: the model server returned an error.';
    case 'interrupted':
      return 'Interrupted: TACO closed before this answer finished. The partial answer is kept; send the request again to finish it.';
    default: {
      const unreachable: never = reason;
      return String(unreachable);
    }
  }
}

/** Exit code of the CLI for a reason: 0 complete, 1 provider/input error, 2 a limit or the user. */
export function exitCodeForStopReason(reason: StopReason): 0 | 1 | 2 {
  if (reason === 'complete') return 0;
  if (reason === 'provider_error') return 1;
  return 2;
}
