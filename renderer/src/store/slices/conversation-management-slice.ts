import { DEFAULTS } from '../../../../shared/constants';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { describeCallFailure } from '../../transport/taco-call-error';
import { selectActiveView } from '../selectors';
import { runInFlight } from '../in-flight';
import type { SliceCreator } from '../store-types';
import { upsertSummary, withPendingWorkflow } from '../events/summary-updates';
import type { ConversationOptions, ConversationSearchHit, PendingWorkflow } from '../../../../shared/conversations/conversation';
import type { ImportResult } from '../../../../shared/conversations/conversation-import';

/** A conversation the user deleted that can still be brought back. */
export interface PendingDelete {
  conversationId: string;
  title: string;
  /** It was the open conversation: Undo opens it again. */
  wasActive: boolean;
}

/** What an export call gives back, ready to save. */
export interface ExportedFile {
  filename: string;
  mimeType: string;
  content: string;
  /** The content is base64 (a PDF); absent for text. */
  encoding?: 'base64';
}

export type ExportFormat = 'markdown' | 'json' | 'html' | 'pdf';

export type ActionResult = { ok: true } | { ok: false; message: string };

export type SearchState =
  | { type: 'idle' }
  /** `hits`: the previous search's, shown until the new ones arrive (no flicker while typing). */
  | { type: 'searching'; query: string; hits: ConversationSearchHit[] | null }
  | { type: 'done'; query: string; hits: ConversationSearchHit[] }
  | { type: 'failed'; query: string; message: string };

/** Rename, pin, delete with undo, search, export/import, options, edit and regenerate. */
export interface ConversationManagementSlice {
  /** Rows hidden while their delete can still be undone, oldest first. */
  pendingDeletes: PendingDelete[];
  /** Conversations deleted since the window opened: kept out of the list even if a list read raced the delete. */
  deletedIds: Record<string, true>;
  /** What the search box holds; the search runs a moment after the last change. */
  searchQuery: string;
  search: SearchState;
  /** The user message being edited in place, if any. */
  editingMessageId: string | null;
  /** Runs that waited for the user when TACO stopped, by conversation (from the stored snapshot). */
  pendingWorkflows: Record<string, PendingWorkflow>;

  renameConversation(conversationId: string, title: string): Promise<ActionResult>;
  setPinned(conversationId: string, pinned: boolean): Promise<void>;
  /** Hide the row now; `conversation.delete` goes to main only when the undo time has passed. */
  deleteConversation(conversationId: string): void;
  undoDelete(conversationId: string): void;
  setSearchQuery(query: string): void;
  exportConversation(conversationId: string, format: ExportFormat): Promise<ExportedFile | null>;
  /** A TACO export or ChatGPT's or Claude's conversations.json: all its conversations listed, the first opened. */
  importConversation(content: string): Promise<{ ok: true; result: ImportResult } | { ok: false; message: string }>;
  saveConversationOptions(conversationId: string, options: ConversationOptions): Promise<ActionResult>;
  /** Edit a user message of the open conversation; 'last' picks the latest one. False when there is none. */
  startEditing(messageId: string | 'last'): boolean;
  stopEditing(): void;
  /** Replace the message and run again from there; resolves true when main accepted it. */
  editMessage(messageId: string, text: string): Promise<boolean>;
  regenerate(): Promise<void>;
  /** Ask the paused run's approval or question again (a new run picks the task up). */
  resumeWorkflow(conversationId: string): Promise<void>;
  /** Drop the paused run; the conversation is read again to show how it ended. */
  abandonWorkflow(conversationId: string): Promise<void>;
  /** The user's answer to an imported conversation's system prompt: use it from now on, or drop it. */
  confirmSystemPrompt(conversationId: string, decision: 'use' | 'discard'): Promise<void>;
}

const NO_MODEL = 'Pick a model first: the model picker is at the top. No models? Run `ollama pull llama3.2`.';

function titleOf(summary: ConversationSummary | undefined): string {
  return summary?.title.trim() || 'Untitled';
}

export const createConversationManagementSlice: SliceCreator<ConversationManagementSlice> = (set, get, { api }) => {
  const deleteTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let searchTimer: ReturnType<typeof setTimeout> | null = null;
  let searchSeq = 0;

  const putSummary = (summary: ConversationSummary) => set((state) => ({ conversations: upsertSummary(state.conversations, summary) }));

  /** The undo time is over: the row goes for good and main deletes the files. */
  async function commitDelete(conversationId: string): Promise<void> {
    deleteTimers.delete(conversationId);
    const pending = get().pendingDeletes.find((entry) => entry.conversationId === conversationId);
    if (!pending) return;
    set((state) => {
      const views = { ...state.views };
      const loaded = { ...state.loaded };
      delete views[conversationId];
      delete loaded[conversationId];
      return {
        pendingDeletes: state.pendingDeletes.filter((entry) => entry.conversationId !== conversationId),
        deletedIds: { ...state.deletedIds, [conversationId]: true },
        conversations: state.conversations.filter((entry) => entry.conversationId !== conversationId),
        views,
        loaded,
      };
    });
    try {
      await api.call('conversation.delete', { conversationId });
    } catch (error) {
      set((state) => {
        const deletedIds = { ...state.deletedIds };
        delete deletedIds[conversationId];
        return { deletedIds };
      });
      get().notify(`“${pending.title}” was not deleted: ${describeCallFailure(error)}`);
      void get().loadConversations();
    }
  }

  async function runSearch(query: string, seq: number): Promise<void> {
    try {
      const hits = await api.call('conversations.search', { query });
      if (seq === searchSeq) set({ search: { type: 'done', query, hits } });
    } catch (error) {
      if (seq === searchSeq) set({ search: { type: 'failed', query, message: describeCallFailure(error) } });
    }
  }

  return {
    pendingDeletes: [],
    deletedIds: {},
    searchQuery: '',
    search: { type: 'idle' },
    editingMessageId: null,
    pendingWorkflows: {},

    async renameConversation(conversationId, title) {
      const trimmed = title.trim();
      const current = get().conversations.find((entry) => entry.conversationId === conversationId);
      if (!trimmed) return { ok: false, message: 'A title cannot be empty. Type a title, or press Escape to keep the old one.' };
      if (current && current.title === trimmed) return { ok: true };
      try {
        putSummary(await api.call('conversation.rename', { conversationId, title: trimmed }));
        return { ok: true };
      } catch (error) {
        const message = describeCallFailure(error);
        get().notify(`The conversation was not renamed: ${message}`);
        return { ok: false, message };
      }
    },

    async setPinned(conversationId, pinned) {
      const summary = await runInFlight(set, get, 'conversation.pin', conversationId, () =>
        api.call('conversation.pin', { conversationId, pinned }),
      );
      if (summary) putSummary(summary);
    },

    deleteConversation(conversationId) {
      const state = get();
      if (state.pendingDeletes.some((entry) => entry.conversationId === conversationId)) return;
      const summary = state.conversations.find((entry) => entry.conversationId === conversationId);
      const wasActive = state.activeConversationId === conversationId;
      if (wasActive) state.newConversation();
      set((current) => ({ pendingDeletes: [...current.pendingDeletes, { conversationId, title: titleOf(summary), wasActive }] }));
      deleteTimers.set(
        conversationId,
        setTimeout(() => void commitDelete(conversationId), DEFAULTS.rendererConversations.deleteUndoMs),
      );
    },

    undoDelete(conversationId) {
      const timer = deleteTimers.get(conversationId);
      if (timer === undefined) return;
      clearTimeout(timer);
      deleteTimers.delete(conversationId);
      const pending = get().pendingDeletes.find((entry) => entry.conversationId === conversationId);
      set((state) => ({ pendingDeletes: state.pendingDeletes.filter((entry) => entry.conversationId !== conversationId) }));
      if (pending?.wasActive && get().activeConversationId === null) void get().openConversation(conversationId);
    },

    setSearchQuery(query) {
      set({ searchQuery: query });
      if (searchTimer !== null) clearTimeout(searchTimer);
      searchTimer = null;
      searchSeq += 1;
      const trimmed = query.trim();
      if (!trimmed) {
        set({ search: { type: 'idle' } });
        return;
      }
      const seq = searchSeq;
      set((state) => {
        const previous = state.search.type === 'done' || state.search.type === 'searching' ? state.search.hits : null;
        return { search: { type: 'searching', query: trimmed, hits: previous } };
      });
      searchTimer = setTimeout(() => {
        searchTimer = null;
        void runSearch(trimmed, seq);
      }, DEFAULTS.rendererConversations.searchDebounceMs);
    },

    async exportConversation(conversationId, format) {
      return runInFlight(set, get, 'conversation.export', conversationId, () =>
        api.call('conversation.export', { conversationId, format }),
      );
    },

    async importConversation(content) {
      try {
        const result = await api.call('conversations.import', { content });
        for (const summary of result.conversations) putSummary(summary);
        const first = result.conversations[0];
        if (first) await get().openConversation(first.conversationId);
        return { ok: true, result };
      } catch (error) {
        // The import's own words (main says once why nothing was imported); the caller shows them with the import, not as a banner over every conversation.
        return { ok: false, message: describeCallFailure(error) };
      }
    },

    async saveConversationOptions(conversationId, options): Promise<ActionResult> {
      try {
        putSummary(await api.call('conversation.setOptions', { conversationId, options }));
        return { ok: true };
      } catch (error) {
        return { ok: false, message: describeCallFailure(error) };
      }
    },

    startEditing(messageId) {
      const view = selectActiveView(get());
      if (view.running) return false;
      const users = view.items.filter((item) => item.type === 'user');
      const target = messageId === 'last' ? users[users.length - 1] : users.find((item) => item.id === messageId);
      if (!target) return false;
      set({ editingMessageId: target.id });
      return true;
    },

    stopEditing() {
      set({ editingMessageId: null });
    },

    async editMessage(messageId, text) {
      const conversationId = get().activeConversationId;
      const model = get().selectedModel;
      if (!conversationId) return false;
      if (!model) {
        get().notify(NO_MODEL);
        return false;
      }
      const result = await runInFlight(set, get, 'chat.edit', messageId, () =>
        api.call('chat.edit', { conversationId, messageId, text, model }),
      );
      if (!result) return false;
      set((state) => (state.editingMessageId === messageId ? { editingMessageId: null } : {}));
      return true;
    },

    async resumeWorkflow(conversationId) {
      const model = get().selectedModel;
      if (!model) {
        get().notify(NO_MODEL);
        return;
      }
      const result = await runInFlight(set, get, 'workflow.resume', conversationId, () =>
        api.call('workflow.resume', { conversationId, model }),
      );
      if (result) set((state) => ({ pendingWorkflows: withPendingWorkflow(state.pendingWorkflows, conversationId, null) }));
    },

    async abandonWorkflow(conversationId) {
      const result = await runInFlight(set, get, 'workflow.abandon', conversationId, () =>
        api.call('workflow.abandon', { conversationId }),
      );
      if (!result) return;
      if (!result.abandoned) get().notify('Nothing was abandoned: the task is running again or has already ended.');
      set((state) => ({ pendingWorkflows: withPendingWorkflow(state.pendingWorkflows, conversationId, null) }));
      if (get().activeConversationId === conversationId) await get().openConversation(conversationId, { force: true });
    },

    async confirmSystemPrompt(conversationId, decision) {
      const summary = await runInFlight(set, get, 'conversation.confirmSystemPrompt', conversationId, () =>
        api.call('conversation.confirmSystemPrompt', { conversationId, decision }),
      );
      if (summary) putSummary(summary);
    },

    async regenerate() {
      const conversationId = get().activeConversationId;
      const model = get().selectedModel;
      if (!conversationId) return;
      if (!model) {
        get().notify(NO_MODEL);
        return;
      }
      await runInFlight(set, get, 'chat.regenerate', conversationId, () => api.call('chat.regenerate', { conversationId, model }));
    },
  };
};

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends ConversationManagementSlice {}
}
