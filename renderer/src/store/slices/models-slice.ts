import { describeCallFailure } from '../../transport/taco-call-error';
import { applyPullEvents, type PullState } from '../events/pull-state';
import type { SliceCreator } from '../store-types';
import type { CallRequest, OllamaTestResult } from '../../../../shared/contract/contract';
import type { ServerTestResult } from '../../../../shared/models/servers';
import type { ModelEvent } from '../../../../shared/contract/events';
import type { ContextFit } from '../../../../shared/models/models';

export type ModelActionResult = { ok: true } | { ok: false; message: string };

/** Pull, delete and unload models; check an Ollama host (the Models dialog and Settings). */
export interface ModelsSlice {
  /** Pulls started in this window, oldest first; finished ones stay until dismissed. */
  pulls: PullState[];
  modelManagerOpen: boolean;
  setModelManagerOpen(open: boolean): void;
  pullModel(name: string): Promise<ModelActionResult>;
  cancelPull(pullId: string): Promise<void>;
  dismissPull(pullId: string): void;
  deleteModel(name: string): Promise<ModelActionResult>;
  unloadModel(name: string): Promise<ModelActionResult>;
  /** Asks the given host (not the saved one) for Ollama's version. */
  testOllamaHost(host: string): Promise<OllamaTestResult>;
  /** Whether a context size fits where the model runs (estimated by main; loads nothing). */
  contextFit(model: string, contextTokens: number): Promise<ContextFit>;
  /** Settings → Model servers → Test connection (a server in the form, saved or not). */
  testServer(request: CallRequest<'servers.test'>): Promise<ServerTestResult>;
  /** One `model-events` batch from main. */
  applyModelEvents(events: readonly ModelEvent[]): void;
}

export const createModelsSlice: SliceCreator<ModelsSlice> = (set, get, { api }) => ({
  pulls: [],
  modelManagerOpen: false,

  setModelManagerOpen(modelManagerOpen) {
    set({ modelManagerOpen });
    if (modelManagerOpen) void Promise.all([get().loadModels(), get().loadModelChecks()]);
  },

  async pullModel(name) {
    const model = name.trim();
    if (model === '') return { ok: false, message: 'Type the name of a model first, for example llama3.2 or qwen3:4b.' };
    try {
      const { pullId } = await api.call('models.pull', { name: model });
      set((state) => {
        if (state.pulls.some((pull) => pull.pullId === pullId)) return {};
        return {
          pulls: [
            ...state.pulls,
            { pullId, model, status: 'starting', completedBytes: null, totalBytes: null, phase: 'running', error: null },
          ],
        };
      });
      return { ok: true };
    } catch (error) {
      return { ok: false, message: describeCallFailure(error) };
    }
  },

  async cancelPull(pullId) {
    try {
      await api.call('models.cancelPull', { pullId });
    } catch (error) {
      get().reportError(error);
    }
  },

  dismissPull(pullId) {
    set((state) => ({ pulls: state.pulls.filter((pull) => pull.pullId !== pullId || pull.phase === 'running') }));
  },

  async deleteModel(name) {
    try {
      const answer = await api.call('models.delete', { name });
      void get().loadModels();
      return answer.deleted ? { ok: true } : { ok: false, message: answer.message ?? `“${name}” was not deleted. Try again.` };
    } catch (error) {
      return { ok: false, message: describeCallFailure(error) };
    }
  },

  async unloadModel(name) {
    try {
      const answer = await api.call('models.unload', { name });
      return answer.unloaded ? { ok: true } : { ok: false, message: answer.message ?? `“${name}” was not unloaded. Try again.` };
    } catch (error) {
      return { ok: false, message: describeCallFailure(error) };
    }
  },

  async testOllamaHost(host) {
    try {
      return await api.call('ollama.test', { host });
    } catch (error) {
      return { type: 'error', host, message: describeCallFailure(error) };
    }
  },

  async contextFit(model, contextTokens) {
    try {
      return await api.call('models.contextFit', { model, contextTokens });
    } catch (error) {
      return { type: 'unknown', message: describeCallFailure(error) };
    }
  },

  async testServer(request) {
    try {
      return await api.call('servers.test', request);
    } catch (error) {
      return { type: 'error', failure: 'http', host: request.baseUrl, message: describeCallFailure(error) };
    }
  },

  applyModelEvents(events) {
    const before = get().pulls;
    const pulls = applyPullEvents(before, events);
    set({ pulls });
    const finished = pulls.some((pull) => pull.phase === 'done' && before.find((old) => old.pullId === pull.pullId)?.phase !== 'done');
    if (finished) void get().loadModels();
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends ModelsSlice {}
}
