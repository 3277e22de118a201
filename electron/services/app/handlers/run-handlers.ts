import { ContractError } from '../../../../shared/contract/contract-error';
import type { SendResult, ValidCallRequest } from '../../../../shared/contract/contract';
import type { AppContext } from '../app-context';
import { startRun } from '../runs/run-launcher';
import { ensureConversation } from './conversations/conversation-handlers';

/** run.cancel: aborts the run (Stop). The loop keeps the partial answer and finishes `cancelled`. */
export function cancelRun(ctx: AppContext, runId: string): { cancelled: boolean } {
  const run = ctx.sessions.findRun(runId);
  if (!run || run.controller.signal.aborted) return { cancelled: false };
  run.controller.abort();
  return { cancelled: true };
}

/** chat.continue: a new run with the same goal as the conversation's last one. */
export async function continueRun(ctx: AppContext, request: ValidCallRequest<'chat.continue'>): Promise<SendResult> {
  const conversationId = await ensureConversation(ctx, request.conversationId, '', request.model);
  const session = ctx.sessions.get(conversationId);
  const goal = session.lastGoal ?? (await lastGoalFromTimeline(ctx, conversationId));
  if (!goal) {
    throw new ContractError('not-found', 'There is no earlier task in this conversation to continue. Type a message instead.');
  }
  const run = await startRun(ctx, { session, model: request.model, goal, userText: null });
  return { type: 'run', runId: run.runId, conversationId };
}

async function lastGoalFromTimeline(ctx: AppContext, conversationId: string): Promise<string | null> {
  await ctx.storage.conversations.flush();
  const snapshot = await ctx.storage.conversations.get(conversationId);
  const events = snapshot?.events ?? [];
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (event?.type === 'run-start') return event.goal;
  }
  return null;
}
