import type { AppContext } from '../app-context';
import type { ActiveRun } from '../runs/conversation-sessions';
import { requestTitle } from './conversation-title';
import { emitSummary } from '../events/conversation-updates';
import type { StreamedAnswer } from './streamed-answer';

/**
 * After the first exchange of a new conversation, a short side request names it. The
 * first words of the message stay the title when the request fails, is too slow, the run could
 * not reach the model, or the user renamed the conversation meanwhile.
 */
export function scheduleTitle(
  ctx: AppContext,
  run: ActiveRun,
  input: { fallbackTitle: string; question: string; answer: StreamedAnswer },
): void {
  const { conversationId } = run;
  void run.finished
    .then(async (finish) => {
      // The answer as it streamed (watchStreamedAnswer), not read back from the timeline.
      const answer = input.answer.take(run.runId);
      if (finish.reason === 'provider_error') return;
      const signal = ctx.titles.start(conversationId);
      try {
        const title = await requestTitle({ provider: ctx.provider.current(), model: run.model, question: input.question, answer, signal });
        if (!title || signal.aborted || title === input.fallbackTitle) return;
        const current = await ctx.storage.conversations.summary(conversationId);
        if (!current || current.title !== input.fallbackTitle || signal.aborted) return;
        const updated = await ctx.storage.conversations.update(conversationId, { title });
        if (!signal.aborted) emitSummary(ctx, updated);
      } finally {
        ctx.titles.finish(conversationId, signal);
      }
    })
    .catch((error: unknown) => console.error(`Could not name conversation ${conversationId}:`, error));
}
