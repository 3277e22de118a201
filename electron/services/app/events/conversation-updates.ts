import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { AppContext } from '../app-context';

/** Tells the renderer (and the CLI) that a conversation's summary changed. Never stored: the meta record is. */
export function emitSummary(ctx: AppContext, summary: ConversationSummary): ConversationSummary {
  ctx.hub.emit({ type: 'conversation-updated', conversationId: summary.conversationId, summary });
  return summary;
}
