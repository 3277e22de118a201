import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TacoApi } from '../../../shared/contract/contract';
import type { TacoClient } from '../transport/taco-client';
import { createArtifactsSlice } from './slices/artifacts-slice';
import { createBranchesSlice } from './slices/branches-slice';
import { createCatalogueSlice } from './slices/catalogue-slice';
import { createConnectionSlice } from './slices/connection-slice';
import { createConversationManagementSlice } from './slices/conversation-management-slice';
import { createConversationsSlice } from './slices/conversations-slice';
import { createDocumentBrowserSlice } from './slices/document-browser-slice';
import { createDocumentsSlice } from './slices/documents-slice';
import { createLinksSlice } from './slices/links-slice';
import { createMcpAppsSlice } from './slices/mcp-apps-slice';
import { createLocalApiSlice } from './slices/local-api-slice';
import { createPresetsSlice } from './slices/presets-slice';
import { createProjectsSlice } from './slices/projects-slice';
import { createMemorySlice } from './slices/memory-slice';
import { createSkillsSlice } from './slices/skills-slice';
import { createKnowledgeSlice } from './slices/knowledge-slice';
import { createMcpSlice } from './slices/mcp-slice';
import { createMcpRegistrySlice } from './slices/mcp-registry-slice';
import { createModelsSlice } from './slices/models-slice';
import { createModelCheckSlice } from './slices/model-check-slice';
import { createRunActionsSlice } from './slices/run-actions-slice';
import { createSettingsSlice } from './slices/settings-slice';
import type { StoreDeps, TacoState } from './store-types';
import { createUiSlice } from './slices/ui-slice';
import { createWorkflowsSlice } from './slices/workflows-slice';
import { createEngineLibrarySlice } from './slices/engine-library-slice';

export type TacoStore = StoreApi<TacoState>;

/** One store, typed slices (zustand's slices pattern); main stays the source of truth. */
export function createTacoStore(deps: StoreDeps): TacoStore {
  return createStore<TacoState>()((set, get) => ({
    ...createConnectionSlice(set, get, deps),
    ...createConversationsSlice(set, get, deps),
    ...createRunActionsSlice(set, get, deps),
    ...createSettingsSlice(set, get, deps),
    ...createUiSlice(set, get, deps),
    ...createCatalogueSlice(set, get, deps),
    ...createConversationManagementSlice(set, get, deps),
    ...createModelsSlice(set, get, deps),
    ...createModelCheckSlice(set, get, deps),
    ...createMcpSlice(set, get, deps),
    ...createMcpRegistrySlice(set, get, deps),
    ...createLinksSlice(set, get, deps),
    ...createMcpAppsSlice(set, get, deps),
    ...createWorkflowsSlice(set, get, deps),
    ...createLocalApiSlice(set, get, deps),
    ...createPresetsSlice(set, get, deps),
    ...createDocumentsSlice(set, get, deps),
    ...createDocumentBrowserSlice(set, get, deps),
    ...createBranchesSlice(set, get, deps),
    ...createArtifactsSlice(set, get, deps),
    ...createProjectsSlice(set, get, deps),
    ...createMemorySlice(set, get, deps),
    ...createSkillsSlice(set, get, deps),
    ...createKnowledgeSlice(set, get, deps),
    ...createEngineLibrarySlice(set, get, deps),
    async init() {
      // The list needs no setting: it is asked beside them, not after their answer (a long history's
      // list is the start's last answer; main answers in the order asked).
      const listing = get().loadConversations();
      await get().loadSettings();
      // The first models call loads the HTTP client: after the list.
      await Promise.all([listing, get().loadModels(), get().loadMcpServers(), get().loadProjects()]);
      await get().reopenLastConversation();
    },
  }));
}

function hasConnection(api: TacoApi): api is TacoClient {
  return typeof (api as Partial<TacoClient>).onConnectionChange === 'function';
}

/**
 * Feed main's event batches into the store (one update per batch) and follow the connection:
 * after a reconnect, reload what may have changed while the link was down. Returns a disconnect.
 */
export function connectStore(store: TacoStore, api: TacoApi): () => void {
  const unsubscribeTacoEvents = api.subscribe('taco-events', (events) => store.getState().applyEventBatch(events));
  const unsubscribeModelEvents = api.subscribe('model-events', (events) => {
    store.getState().applyModelEvents(events);
    store.getState().applyModelCheckEvents(events);
    store.getState().applyMcpEvents(events);
    store.getState().applyProjectEvents(events);
    store.getState().applyKnowledgeEvents(events);
    store.getState().applyEngineLibraryEvents(events);
  });
  const unsubscribeEvents = (): void => {
    unsubscribeTacoEvents();
    unsubscribeModelEvents();
  };
  if (!hasConnection(api)) {
    store.getState().setConnection({ type: 'open' });
    return unsubscribeEvents;
  }
  store.getState().setConnection(api.connection());
  let dropped = false;
  const unsubscribeConnection = api.onConnectionChange((connection) => {
    const state = store.getState();
    state.setConnection(connection);
    if (connection.type === 'reconnecting') dropped = true;
    if (connection.type === 'open' && dropped) {
      dropped = false;
      store.setState({ loaded: {} });
      void state.loadModels();
      void state.loadConversations();
      void state.loadProjects();
      if (state.mcpServers !== null) void state.loadMcpServers();
      const active = state.activeConversationId;
      if (active) void state.openConversation(active, { force: true });
    }
  });
  return () => {
    unsubscribeEvents();
    unsubscribeConnection();
  };
}
