import type { BranchSiblings } from '../../../../shared/conversations/branches';
import type { TacoEvent } from '../../../../shared/contract/events';

/**
 * The ‹ 2 / 3 › data of one conversation: main's map (`branches` of a paged conversation.get),
 * kept up to date by the live events of an edit or regenerate. Main decides the branches
 * (branch-tree.ts); this only follows what it wrote: a `timeline-rewound` followed by its user
 * message adds that message as the newest sibling, exactly as main reads it back.
 */
export interface BranchState {
  siblings: BranchSiblings;
  /** A rewind waiting for its message: the siblings so far and the new message's id when named. */
  pending: { ids: string[]; messageId: string | undefined } | null;
}

export const NO_BRANCHES: BranchState = { siblings: {}, pending: null };

export function applyBranchEvents(state: BranchState, events: readonly TacoEvent[]): BranchState {
  let next = state;
  for (const event of events) {
    if (event.type === 'timeline-rewound') {
      const ids = next.siblings[event.fromMessageId] ?? [event.fromMessageId];
      next = { ...next, pending: { ids, messageId: event.messageId } };
    } else if (event.type === 'user-message') {
      const pending = next.pending;
      if (pending && (pending.messageId ?? event.messageId) === event.messageId) {
        const ids = [...pending.ids, event.messageId];
        const siblings = { ...next.siblings };
        for (const id of ids) siblings[id] = ids;
        next = { siblings, pending: null };
      } else if (pending) {
        next = { ...next, pending: null };
      }
    }
  }
  return next;
}

/** Every conversation's branch state after a live batch (unchanged objects kept, so nothing re-renders for nothing). */
export function withLiveBranches(
  held: Record<string, BranchState>,
  groups: ReadonlyMap<string, readonly TacoEvent[]>,
): Record<string, BranchState> {
  let next = held;
  for (const [conversationId, events] of groups) {
    const before = held[conversationId] ?? NO_BRANCHES;
    const after = applyBranchEvents(before, events);
    if (after !== before) next = { ...next, [conversationId]: after };
  }
  return next;
}
