import type { AppContext } from '../app-context';
import type { ConversationSession } from './conversation-sessions';

export interface AbandonResult {
  stoppedRun: boolean;
  clearedFrames: number;
}

/**
 * Abandons the conversation's task (/cancel, "n" to "Continue with current task?", a
 * context switch): aborts the run — which withdraws any approval, question or depth prompt it
 * waits on —, waits for its `run-finish`, then clears the tool stack.
 */
export async function abandonTask(ctx: AppContext, session: ConversationSession): Promise<AbandonResult> {
  const run = session.activeRun;
  if (run) {
    run.controller.abort();
    await run.finished;
  }
  const clearedFrames = session.stack.depth();
  session.stack.clear();
  session.awaitingContinueAnswer = false;
  session.pendingQuestion = null;
  if (clearedFrames > 0 && session.lastRunId) {
    ctx.hub.emit({
      type: 'stack',
      runId: session.lastRunId,
      conversationId: session.conversationId,
      frames: [],
      depthLimit: ctx.settings.current().limits.depthLimit,
    });
  }
  return { stoppedRun: run !== null, clearedFrames };
}

/** True while the conversation has a task in progress: a run, or frames waiting on the stack. */
export function hasPendingTask(session: ConversationSession): boolean {
  return session.activeRun !== null || session.stack.depth() > 0;
}
