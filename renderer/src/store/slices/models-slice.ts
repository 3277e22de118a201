import { describeCallFailure } from '../../transport/taco-call-error';
import type { ModelsSlice } from '../desktop-types';
import { applyPullEvents } from '../events/pull-state';
import type { SliceCreator } from '../store-types';

export const createModelsSlice: SliceCreator<ModelsSlice> = (set, get, { api }) => ({
  pulls: [],
  modelManagerOpen: false,

  setModelManagerOpen(modelManagerOpen) {
    set({ modelManagerOpen });
    if (modelManagerOpen) void get().loadModels();
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
