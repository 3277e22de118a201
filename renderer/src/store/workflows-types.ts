import type {
  WorkflowDraftResult,
  WorkflowExtractResult,
  WorkflowListResult,
  WorkflowParamValues,
  WorkspaceEntriesResult,
} from '../../../shared/workflow';

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
