import type { SendResult, ValidCallRequest } from '../../../../shared/contract/contract';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { ConversationSnapshot } from '../../../../shared/conversations/conversation';
import type { AppContext } from '../app-context';
import { emitSummary } from '../events/conversation-updates';
import { BUSY_MESSAGE, startRun } from '../runs/run-launcher';
import { ensureConversation } from './conversations/conversation-handlers';

/**
 * workflow.resume: the run that TACO's stop left waiting (for an approval or an answer) or cut
 * off starts again: a new run with the same goal and the history so far. The unanswered call is
 * not in that history, so the model calls it again and the approval or question is asked again.
 */
export async function resumeWorkflow(ctx: AppContext, request: ValidCallRequest<'workflow.resume'>): Promise<SendResult> {
  const conversationId = await ensureConversation(ctx, request.conversationId, '', request.model);
  const session = ctx.sessions.get(conversationId);
  if (session.activeRun) throw new ContractError('busy', BUSY_MESSAGE);
  await ctx.storage.conversations.flush();
  const snapshot = await ctx.storage.conversations.get(conversationId);
  const goal = snapshot ? unfinishedGoal(snapshot) : null;
  if (!goal) throw new ContractError('not-found', 'Nothing in this conversation is waiting to be resumed. Type a message to go on.');
  const run = await startRun(ctx, { session, model: request.model, goal, userText: null });
  return { type: 'run', runId: run.runId, conversationId };
}

/**
 * workflow.abandon: the waiting run is dropped for good. Stored as a `workflow` record in the
 * timeline (`{ type: "workflow", runId, state: "abandoned" }`), so the conversation no longer
 * shows it as waiting, after a restart too; the run's partial answer stays.
 */
export async function abandonWorkflow(ctx: AppContext, conversationId: string): Promise<{ abandoned: boolean }> {
  if (ctx.sessions.find(conversationId)?.activeRun) return { abandoned: false };
  const summary = await ctx.storage.conversations.abandon(conversationId);
  if (!summary) return { abandoned: false };
  emitSummary(ctx, summary);
  return { abandoned: true };
}

/** The goal of the last run when it never finished, or null. */
function unfinishedGoal(snapshot: ConversationSnapshot): string | null {
  if (snapshot.pending) return snapshot.pending.goal;
  if (!snapshot.summary.unfinished) return null;
  for (let index = snapshot.events.length - 1; index >= 0; index -= 1) {
    const event = snapshot.events[index];
    if (event?.type === 'run-start') return event.goal;
  }
  return null;
}
