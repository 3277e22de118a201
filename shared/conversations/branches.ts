/**
 * Branches of a conversation. Editing a sent message or regenerating an answer adds a sibling of
 * that user message; the conversation shows one chosen branch. Main decides which one
 * (`electron/services/store/timeline/branch-tree.ts`); the renderer shows ‹ 2 / 3 › from this map.
 */

/**
 * For each user message on the chosen branch that has alternatives: every sibling's message id,
 * the oldest first (the message itself among them). Messages without alternatives are absent.
 */
export type BranchSiblings = Record<string, string[]>;

/** Where a message sits among its siblings (1-based), or null when it has none. */
export function branchPosition(siblings: BranchSiblings, messageId: string): { index: number; count: number; ids: string[] } | null {
  const ids = siblings[messageId];
  if (!ids || ids.length < 2) return null;
  const index = ids.indexOf(messageId);
  return index === -1 ? null : { index: index + 1, count: ids.length, ids };
}
