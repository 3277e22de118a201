import type { ConversationSummary, PendingWorkflow } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';

/** Put `summary` in the list: replaces the entry with its id, or adds it. */
export function upsertSummary(list: readonly ConversationSummary[], summary: ConversationSummary): ConversationSummary[] {
  const index = list.findIndex((entry) => entry.conversationId === summary.conversationId);
  if (index === -1) return [...list, summary];
  const next = list.slice();
  next[index] = summary;
  return next;
}

/**
 * The conversations list after a batch: each `conversation-updated` replaces (or adds) its
 * summary. The same list object comes back when the batch has none, so nothing re-renders.
 */
export function applySummaryEvents(list: ConversationSummary[], events: readonly TacoEvent[]): ConversationSummary[] {
  let next = list;
  for (const event of events) {
    if (typeof event !== 'object' || event === null || event.type !== 'conversation-updated') continue;
    if (typeof event.summary !== 'object' || event.summary === null || event.summary.conversationId !== event.conversationId) continue;
    next = upsertSummary(next, event.summary);
  }
  return next;
}

/** The pending workflows with this conversation's set from its snapshot (or removed). */
export function withPendingWorkflow(
  pending: Record<string, PendingWorkflow>,
  conversationId: string,
  workflow: PendingWorkflow | null | undefined,
): Record<string, PendingWorkflow> {
  if (workflow) return { ...pending, [conversationId]: workflow };
  if (!(conversationId in pending)) return pending;
  const next = { ...pending };
  delete next[conversationId];
  return next;
}
