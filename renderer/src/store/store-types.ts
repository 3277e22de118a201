import type { CallName, TacoApi } from '../../../shared/contract';
import type { ConversationSummary } from '../../../shared/conversation';
import type { ApprovalDecision, TacoEvent } from '../../../shared/events';
import type { ModelListResult } from '../../../shared/models';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import type { ToolInfo } from '../../../shared/tool-info';
import type { ConnectionState } from '../transport/taco-client';
import type { ConversationView } from './events/conversation-view';
import type { LinksSlice, ModelsSlice } from './desktop-types';
import type { ConversationManagementSlice } from './management-types';
import type { WorkflowsSlice } from './workflows-types';

export interface ConnectionSlice {
  connection: ConnectionState;
  models: ModelListResult | null;
  modelsLoading: boolean;
  selectedModel: string | null;
  setConnection(state: ConnectionState): void;
  loadModels(): Promise<void>;
  /** Select a model and remember it as the default for next time. */
  selectModel(name: string): Promise<void>;
}

export interface ConversationsSlice {
  conversations: ConversationSummary[];
  /** Null while a new chat has not been sent yet. */
  activeConversationId: string | null;
  views: Record<string, ConversationView>;
  /** Conversations whose view was built from their stored timeline (or born here). */
  loaded: Record<string, true>;
  loadingConversationId: string | null;
  sending: boolean;
  loadConversations(): Promise<void>;
  newConversation(): void;
  openConversation(conversationId: string, options?: { force?: boolean }): Promise<void>;
  /** One batch from main, applied in one store update. */
  applyEventBatch(events: readonly TacoEvent[]): void;
  /** Resolves true when main accepted the message. */
  send(text: string, images?: readonly string[]): Promise<boolean>;
}

export interface RunActionsSlice {
  /** Calls in flight, by key (e.g. "approval:a1"), so their buttons can wait. */
  inFlight: Record<string, true>;
  cancelRun(): Promise<void>;
  continueRun(): Promise<void>;
  respondApproval(approvalId: string, decision: ApprovalDecision): Promise<void>;
  respondDepth(runId: string, decision: 'continue' | 'cancel'): Promise<void>;
  answerQuestion(questionId: string, answer: string): Promise<boolean>;
}

export type SaveSettingsResult = { ok: true } | { ok: false; message: string };

export interface SettingsSlice {
  settings: Settings | null;
  loadSettings(): Promise<void>;
  saveSettings(patch: SettingsPatch): Promise<SaveSettingsResult>;
}

export interface Notice {
  id: number;
  message: string;
}

export interface UiSlice {
  panelCollapsed: boolean;
  catalogueOpen: boolean;
  settingsOpen: boolean;
  notices: Notice[];
  togglePanel(): void;
  setCatalogueOpen(open: boolean): void;
  setSettingsOpen(open: boolean): void;
  /** Show what went wrong (any thrown value) as a notice the user can dismiss. */
  reportError(error: unknown): void;
  /** Show a message that already says what happened and what to do. */
  notify(message: string): void;
  dismissNotice(id: number): void;
}

export interface CatalogueSlice {
  tools: ToolInfo[] | null;
  toolsError: string | null;
  loadTools(options?: { force?: boolean }): Promise<void>;
}

export type TacoState = ConnectionSlice &
  ConversationsSlice &
  RunActionsSlice &
  SettingsSlice &
  UiSlice &
  CatalogueSlice &
  ConversationManagementSlice &
  ModelsSlice &
  LinksSlice &
  WorkflowsSlice & { init(): Promise<void> };

export interface StoreDeps {
  api: TacoApi;
  /** localStorage, or null where there is none. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export type SetState = (partial: Partial<TacoState> | ((state: TacoState) => Partial<TacoState>)) => void;
export type GetState = () => TacoState;
export type SliceCreator<T> = (set: SetState, get: GetState, deps: StoreDeps) => T;

/** Key of an in-flight call in `inFlight`. */
export const flightKey = (call: CallName, id: string): string => `${call}:${id}`;
