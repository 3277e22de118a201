import type { FrameDisplayState } from '../store/events/conversation-view';

/** Words for a frame's state in the panel. */
export function frameStateLabel(state: FrameDisplayState, waitingFor: string | null): string {
  switch (state) {
    case 'running':
      return 'Running';
    case 'waiting-approval':
      return 'Waiting for approval';
    case 'waiting-user':
      return 'Waiting for you';
    case 'waiting-tool':
      return waitingFor ? `Waiting for ${waitingFor}` : 'Waiting for another tool';
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
    case 'cleared':
      return 'Cleared';
    case 'denied':
      return 'Denied';
    case 'cancelled':
      return 'Cancelled';
    case 'skipped':
      return 'Skipped';
    default: {
      const unreachable: never = state;
      return String(unreachable);
    }
  }
}
