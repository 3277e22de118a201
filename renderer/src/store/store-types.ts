import type { CallName, TacoApi } from '../../../shared/contract';
import type { CatalogueSlice } from './slices/catalogue-slice';
import type { ConnectionSlice } from './slices/connection-slice';
import type { ConversationManagementSlice } from './slices/conversation-management-slice';
import type { ConversationsSlice } from './slices/conversations-slice';
import type { DocumentsSlice } from './slices/documents-slice';
import type { LinksSlice } from './slices/links-slice';
import type { LocalApiSlice } from './slices/local-api-slice';
import type { PresetsSlice } from './slices/presets-slice';
import type { McpSlice } from './slices/mcp-slice';
import type { ModelsSlice } from './slices/models-slice';
import type { RunActionsSlice } from './slices/run-actions-slice';
import type { SettingsSlice } from './slices/settings-slice';
import type { UiSlice } from './slices/ui-slice';
import type { WorkflowsSlice } from './slices/workflows-slice';

/** The whole store: every slice (each slice's interface lives next to its implementation in slices/). */
export type TacoState = ConnectionSlice &
  ConversationsSlice &
  RunActionsSlice &
  SettingsSlice &
  UiSlice &
  CatalogueSlice &
  ConversationManagementSlice &
  ModelsSlice &
  McpSlice &
  LinksSlice &
  WorkflowsSlice &
  LocalApiSlice &
  PresetsSlice &
  DocumentsSlice & { init(): Promise<void> };

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
