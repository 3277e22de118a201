import type { BranchSiblings } from '../../../../shared/conversations/branches';
import type { BranchState } from '../events/branch-siblings';
import type { SliceCreator } from '../store-types';

export interface BranchesSlice {
  /** Per opened conversation: the siblings of its shown messages (‹ 2 / 3 ›); live batches update it in conversations-slice.ts. */
  branches: Record<string, BranchState>;
  /** The conversation whose branch is being switched (the switcher waits). */
  switchingBranchOf: string | null;
  /** Main's map from a conversation.get page replaces what was held. */
  setBranches(conversationId: string, siblings: BranchSiblings): void;
  /** Asks main to show another sibling's branch; every window reads the conversation again on `branch-selected`. */
  selectBranch(conversationId: string, messageId: string): Promise<void>;
}

export const createBranchesSlice: SliceCreator<BranchesSlice> = (set, get, { api }) => ({
  branches: {},
  switchingBranchOf: null,

  setBranches(conversationId, siblings) {
    set((state) => ({ branches: { ...state.branches, [conversationId]: { siblings, pending: null } } }));
  },

  async selectBranch(conversationId, messageId) {
    if (get().switchingBranchOf !== null) return;
    set({ switchingBranchOf: conversationId });
    try {
      await api.call('conversation.selectBranch', { conversationId, messageId });
    } catch (error) {
      get().reportError(error);
    } finally {
      set({ switchingBranchOf: null });
    }
  },
});

declare module '../store-types' {
  interface TacoState extends BranchesSlice {}
}
