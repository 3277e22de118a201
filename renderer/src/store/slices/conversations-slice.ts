import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { conversationModelOf, modelAvailability } from '../model-availability';
import { applyEvents } from '../events/apply-events';
import { emptyView, type ConversationView } from '../events/conversation-view';
import type { SliceCreator } from '../store-types';
import { applySummaryEvents, withPendingWorkflow } from '../events/summary-updates';
import { withLiveBranches } from '../events/branch-siblings';
import { openedTimeline, timelineView, withLiveEvents, withOlderPage, type PagedTimeline } from '../events/paged-timeline';

export interface ConversationsSlice {
  conversations: ConversationSummary[];
  /**
   * Whether main's list has arrived: until it has, an empty list means "not read yet", not "no
   * conversations" (over a long history the first frame paints before the list is read).
   */
  conversationsListing: 'loading' | 'listed' | 'failed';
  /** Null while a new chat has not been sent yet. */
  activeConversationId: string | null;
  views: Record<string, ConversationView>;
  /** What a new chat shows before it is sent: answers to commands typed there (nothing stored in main). */
  draftView: ConversationView;
  /** Conversations whose view was built from their stored timeline (or born here). */
  loaded: Record<string, true>;
  loadingConversationId: string | null;
  /**
   * Per opened conversation: the cursor of its older messages not loaded yet (null when all are),
   * absent for a conversation born here or not opened.
   */
  olderCursors: Record<string, string | null>;
  /** The conversation whose older messages are being fetched. */
  loadingOlderId: string | null;
  sending: boolean;
  loadConversations(): Promise<void>;
  newConversation(): void;
  /** Tells main which conversation is open (null: a new chat), so a reload reopens it. */
  rememberOpenConversation(conversationId: string | null): void;
  /** After start: opens the conversation that was open last, if it still exists and nothing else was opened. */
  reopenLastConversation(): Promise<void>;
  openConversation(conversationId: string, options?: { force?: boolean }): Promise<void>;
  /** Fetches the page before the oldest loaded one and puts it in front; the live tail stays. */
  loadOlderMessages(conversationId: string): Promise<void>;
  /** One batch from main, applied in one store update. */
  applyEventBatch(events: readonly TacoEvent[]): void;
  /** Resolves true when main accepted the message. */
  send(text: string, images?: readonly string[], resources?: ReadonlyArray<{ server: string; uri: string }>): Promise<boolean>;
}

/** Group a batch by conversation, keeping each conversation's events in order. */
function groupByConversation(events: readonly TacoEvent[]): Map<string, TacoEvent[]> {
  const groups = new Map<string, TacoEvent[]>();
  for (const event of events) {
    if (typeof event !== 'object' || event === null || typeof event.conversationId !== 'string') continue;
    const group = groups.get(event.conversationId) ?? [];
    group.push(event);
    groups.set(event.conversationId, group);
  }
  return groups;
}

export const createConversationsSlice: SliceCreator<ConversationsSlice> = (set, get, { api }) => {
  /**
   * Another branch was chosen (here or in another window): its events are another path, so the
   * open conversation is read again, and any other is read again when it is next opened.
   */
  const followBranchChoices = (groups: Map<string, TacoEvent[]>): void => {
    for (const [conversationId, group] of groups) {
      if (!group.some((event) => event.type === 'branch-selected') || !get().loaded[conversationId]) continue;
      if (get().activeConversationId === conversationId) void get().openConversation(conversationId, { force: true });
      else
        set((state) => {
          const { [conversationId]: _dropped, ...loaded } = state.loaded;
          return { loaded };
        });
    }
  };
  /** Conversations we already asked the list about, so a streaming new chat does not ask every frame. */
  const listedFor = new Set<string>();
  /** The events held per opened conversation, so an older page can go in front of them (paged-timeline.ts). */
  const timelines = new Map<string, PagedTimeline>();
  return {
    conversations: [],
    conversationsListing: 'loading',
    activeConversationId: null,
    views: {},
    draftView: emptyView(null),
    loaded: {},
    loadingConversationId: null,
    olderCursors: {},
    loadingOlderId: null,
    sending: false,

    async loadConversations() {
      try {
        set({ conversations: await api.call('conversations.list', {}), conversationsListing: 'listed' });
      } catch (error) {
        // A list read before keeps showing; without one the sidebar says the read failed and offers another.
        if (get().conversationsListing !== 'listed') set({ conversationsListing: 'failed' });
        get().reportError(error);
      }
    },

    newConversation() {
      set({ activeConversationId: null, loadingConversationId: null, draftView: emptyView(null), draftProjectId: null });
      get().rememberOpenConversation(null);
    },

    rememberOpenConversation(conversationId) {
      if ((get().settings?.lastConversationId ?? null) === conversationId) return;
      api.call('settings.set', { lastConversationId: conversationId }).then(
        (settings) => set({ settings }),
        // Only the next start's convenience is lost: nothing to tell the user.
        () => undefined,
      );
    },

    async reopenLastConversation() {
      const last = get().settings?.lastConversationId ?? null;
      if (last === null || get().activeConversationId !== null) return;
      if (!get().conversations.some((summary) => summary.conversationId === last)) return;
      await get().openConversation(last);
    },

    async openConversation(conversationId, options) {
      // The conversation keeps its model even when its server is down or the model is gone: the
      // composer says so (model-availability.ts) instead of switching to another model.
      set((state) => ({
        activeConversationId: conversationId,
        selectedModel: conversationModelOf(state, conversationId) ?? state.selectedModel,
      }));
      get().rememberOpenConversation(conversationId);
      if (get().loaded[conversationId] && !options?.force) return;
      set({ loadingConversationId: conversationId });
      try {
        // The newest page only: a long conversation opens as fast as a short one (older pages on demand).
        const snapshot = await api.call('conversation.get', { conversationId, page: {} });
        const timeline = openedTimeline(snapshot.events, snapshot.olderCursor ?? null);
        timelines.set(conversationId, timeline);
        const view = timelineView(conversationId, timeline);
        get().setBranches(conversationId, snapshot.branches ?? {});
        set((state) => ({
          views: { ...state.views, [conversationId]: view },
          olderCursors: { ...state.olderCursors, [conversationId]: timeline.olderCursor },
          loaded: { ...state.loaded, [conversationId]: true },
          loadingConversationId: state.loadingConversationId === conversationId ? null : state.loadingConversationId,
          pendingWorkflows: withPendingWorkflow(state.pendingWorkflows, conversationId, snapshot.pending),
        }));
        for (const notice of snapshot.notices) get().notify(notice);
      } catch (error) {
        set((state) => ({ loadingConversationId: state.loadingConversationId === conversationId ? null : state.loadingConversationId }));
        get().reportError(error);
      }
    },

    async loadOlderMessages(conversationId) {
      const before = timelines.get(conversationId)?.olderCursor ?? null;
      if (before === null || get().loadingOlderId === conversationId) return;
      set({ loadingOlderId: conversationId });
      try {
        const page = await api.call('conversation.get', { conversationId, page: { before } });
        const held = timelines.get(conversationId);
        // Reopened (or cleared) meanwhile: this page belongs to a timeline no longer held.
        if (!held || held.olderCursor !== before) return;
        const timeline = withOlderPage(held, page.events, page.olderCursor ?? null);
        timelines.set(conversationId, timeline);
        const view = timelineView(conversationId, timeline);
        set((state) => ({
          views: { ...state.views, [conversationId]: view },
          olderCursors: { ...state.olderCursors, [conversationId]: timeline.olderCursor },
        }));
      } catch (error) {
        get().reportError(error);
      } finally {
        set((state) => ({ loadingOlderId: state.loadingOlderId === conversationId ? null : state.loadingOlderId }));
      }
    },

    applyEventBatch(events) {
      const groups = groupByConversation(events);
      if (groups.size === 0) return;
      for (const [conversationId, group] of groups) {
        const held = timelines.get(conversationId);
        if (held) timelines.set(conversationId, withLiveEvents(held, group));
      }
      const known = new Set(get().conversations.map((summary) => summary.conversationId));
      let refreshList = false;
      set((state) => {
        const views: Record<string, ConversationView> = { ...state.views };
        for (const [conversationId, group] of groups) {
          views[conversationId] = applyEvents(views[conversationId] ?? emptyView(conversationId), group);
          const isNew = !known.has(conversationId) && !listedFor.has(conversationId);
          if (isNew) listedFor.add(conversationId);
          if (isNew || group.some((event) => event.type === 'run-finish')) refreshList = true;
        }
        return {
          views,
          conversations: applySummaryEvents(state.conversations, events),
          branches: withLiveBranches(state.branches, groups),
        };
      });
      if (refreshList) void get().loadConversations();
      followBranchChoices(groups);
      // A run its server could not answer: ask the servers again, so the composer says which is down.
      if (events.some((event) => event.type === 'run-finish' && event.reason === 'provider_error')) void get().loadModels();
    },

    async send(text, images, resources) {
      const model = get().selectedModel;
      if (!model) {
        get().notify('Pick a model first: the model picker is at the top. No models? Run `ollama pull llama3.2`.');
        return false;
      }
      const availability = modelAvailability(get());
      // Commands need no model; a message waits for Retry or another model (the composer says why).
      if (availability.type === 'unavailable' && !text.trim().startsWith('/')) return false;
      const conversationId = get().activeConversationId;
      // A new chat started in a project is filed there and takes its defaults (main decides them).
      const projectId = conversationId === null ? get().draftProjectId : null;
      set({ sending: true });
      try {
        const result = await api.call('chat.send', {
          conversationId,
          text,
          model,
          ...(images && images.length > 0 ? { images: [...images] } : {}),
          ...(resources && resources.length > 0 ? { resources: resources.map(({ server, uri }) => ({ server, uri })) } : {}),
          ...(projectId ? { projectId } : {}),
        });
        const id = result.conversationId;
        if (id === null) {
          // A command in a new chat: answered here, nothing stored (it shows in the new chat's view).
          const answer = result.type === 'command' ? result : null;
          const output = {
            type: 'command-output',
            conversationId: '',
            command: answer?.command ?? text,
            output: answer?.output ?? '',
            at: Date.now(),
          } as const;
          set((state) => ({ sending: false, draftView: applyEvents(state.draftView, [output]) }));
          return true;
        }
        set((state) => ({
          draftView: conversationId === null ? emptyView(null) : state.draftView,
          draftProjectId: conversationId === null ? null : state.draftProjectId,
          sending: false,
          activeConversationId: state.activeConversationId === conversationId ? id : state.activeConversationId,
          views: state.views[id] ? state.views : { ...state.views, [id]: emptyView(id) },
          loaded: conversationId === null ? { ...state.loaded, [id]: true } : state.loaded,
        }));
        if (conversationId === null) {
          void get().loadConversations();
          if (get().activeConversationId === id) get().rememberOpenConversation(id);
        }
        return true;
      } catch (error) {
        set({ sending: false });
        get().reportError(error);
        return false;
      }
    },
  };
};

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends ConversationsSlice {}
}
