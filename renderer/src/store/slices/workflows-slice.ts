import type {
  WorkflowDraftResult,
  WorkflowExtractResult,
  WorkflowListResult,
  WorkflowParamValues,
  WorkspaceEntriesResult,
} from '../../../../shared/workflows/workflow';
import { emptyView } from '../events/conversation-view';
import { runInFlight } from '../in-flight';
import type { SliceCreator } from '../store-types';

/** What the picker opens on: the list, or one workflow's form (with free text to extract values from). */
export interface WorkflowPickerState {
  workflowId: string | null;
  /** `/wf <id> free text`: the words the model fills the form from. */
  text: string | null;
}

export type WorkflowRunOutcome = { type: 'started' } | { type: 'invalid'; errors: Record<string, string> } | { type: 'failed' };

export interface WorkflowsSlice {
  workflows: WorkflowListResult | null;
  workflowPicker: WorkflowPickerState | null;
  /** "Save as workflow": the draft JSON being edited, or null. */
  workflowDraft: string | null;
  loadWorkflows(): Promise<void>;
  openWorkflowPicker(workflowId?: string | null, text?: string | null): void;
  closeWorkflowPicker(): void;
  runWorkflow(workflowId: string, params: WorkflowParamValues): Promise<WorkflowRunOutcome>;
  respondConfirm(confirmId: string, accept: boolean): Promise<void>;
  extractWorkflowParams(workflowId: string, text: string): Promise<WorkflowExtractResult | null>;
  listWorkspaceEntries(path: string): Promise<WorkspaceEntriesResult | null>;
  openWorkflowDraft(content: string | null): void;
  validateWorkflowDraft(content: string): Promise<WorkflowDraftResult | null>;
  saveWorkflowDraft(content: string): Promise<WorkflowDraftResult | null>;
}

/** Workflows: the list, the picker, running one, confirm steps, param extraction and drafts. Main checks everything. */
export const createWorkflowsSlice: SliceCreator<WorkflowsSlice> = (set, get, { api }) => ({
  workflows: null,
  workflowPicker: null,
  workflowDraft: null,

  async loadWorkflows() {
    try {
      set({ workflows: await api.call('workflows.list', {}) });
    } catch (error) {
      get().reportError(error);
    }
  },

  openWorkflowPicker(workflowId = null, text = null) {
    set({ workflowPicker: { workflowId, text } });
    void get().loadWorkflows();
  },

  closeWorkflowPicker() {
    set({ workflowPicker: null });
  },

  async runWorkflow(workflowId, params) {
    const model = get().selectedModel;
    if (!model) {
      get().notify('Pick a model first: the model picker is at the top. No models? Run `ollama pull llama3.2`.');
      return { type: 'failed' };
    }
    const conversationId = get().activeConversationId;
    try {
      const result = await api.call('workflows.run', { conversationId, workflowId, params, model });
      if (result.type === 'invalid') return result;
      const id = result.conversationId;
      set((state) => ({
        workflowPicker: null,
        activeConversationId: state.activeConversationId === conversationId ? id : state.activeConversationId,
        views: state.views[id] ? state.views : { ...state.views, [id]: emptyView(id) },
        loaded: conversationId === null ? { ...state.loaded, [id]: true } : state.loaded,
      }));
      if (conversationId === null) void get().loadConversations();
      return { type: 'started' };
    } catch (error) {
      get().reportError(error);
      return { type: 'failed' };
    }
  },

  async respondConfirm(confirmId, accept) {
    const answer = await runInFlight(set, get, 'workflows.confirm', confirmId, () => api.call('workflows.confirm', { confirmId, accept }));
    if (answer && !answer.accepted) get().notify(answer.message ?? 'That step is no longer waiting: the workflow moved on or ended.');
  },

  async extractWorkflowParams(workflowId, text) {
    const model = get().selectedModel;
    if (!model) return null;
    try {
      return await api.call('workflows.extractParams', { workflowId, text, model });
    } catch (error) {
      get().reportError(error);
      return null;
    }
  },

  async listWorkspaceEntries(path) {
    try {
      return await api.call('workflows.listEntries', { path });
    } catch (error) {
      get().reportError(error);
      return null;
    }
  },

  openWorkflowDraft(content) {
    set({ workflowDraft: content });
  },

  async validateWorkflowDraft(content) {
    try {
      return await api.call('workflows.validateDraft', { content });
    } catch {
      return null;
    }
  },

  async saveWorkflowDraft(content) {
    try {
      const result = await api.call('workflows.saveDraft', { content });
      if (result.ok) {
        set({ workflowDraft: null });
        get().notify(`Saved as ${result.file ?? 'a workflow'}. It is in the workflow picker now.`);
        void get().loadWorkflows();
      }
      return result;
    } catch (error) {
      get().reportError(error);
      return null;
    }
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends WorkflowsSlice {}
}
