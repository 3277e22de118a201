import type { ModelListResult } from '../../../../shared/models/models';
import type { SliceCreator } from '../store-types';
import type { ConnectionState } from '../../transport/taco-client';

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

/**
 * The model to select after a fresh list: in an open conversation the current one, listed or not
 * (its server may be down: the composer says so, nothing switches silently); in a new chat the
 * current one, else the remembered default, else the first.
 */
export function chooseModel(
  models: ModelListResult,
  current: string | null,
  remembered: string | null,
  inConversation = false,
): string | null {
  if (models.type !== 'ok' || (inConversation && current !== null)) return current;
  const names = models.models.map((model) => model.name);
  if (current && names.includes(current)) return current;
  if (remembered && names.includes(remembered)) return remembered;
  return names[0] ?? null;
}

export const createConnectionSlice: SliceCreator<ConnectionSlice> = (set, get, { api }) => ({
  connection: { type: 'connecting' },
  models: null,
  modelsLoading: false,
  selectedModel: null,

  setConnection(connection) {
    set({ connection });
  },

  async loadModels() {
    set({ modelsLoading: true });
    try {
      const models = await api.call('models.list', {});
      set((state) => ({
        models,
        modelsLoading: false,
        selectedModel: chooseModel(models, state.selectedModel, state.settings?.defaultModel ?? null, state.activeConversationId !== null),
      }));
    } catch (error) {
      set({ modelsLoading: false });
      get().reportError(error);
    }
  },

  async selectModel(name) {
    if (get().selectedModel === name) return;
    set({ selectedModel: name });
    try {
      const settings = await api.call('settings.set', { defaultModel: name });
      set({ settings });
    } catch (error) {
      get().reportError(error);
    }
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends ConnectionSlice {}
}
