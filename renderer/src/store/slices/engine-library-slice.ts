import type { ModelEvent } from '../../../../shared/contract/events';
import type { DownloadView, LibraryView } from '../../../../shared/engine/model-library';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';
import type { ActionResult } from './conversation-management-slice';

/**
 * The built-in engine's models as the window sees them: main owns the catalogue, the files and the
 * downloads (`engineLibrary.*` calls, `engine-download` events); this keeps the last list it sent.
 */
export interface EngineLibrarySlice {
  engineLibrary: LibraryView | null;
  engineLibraryError: string | null;
  loadEngineLibrary(): Promise<void>;
  /** One `model-events` batch: an `engine-download` replaces that download (and a finished one reloads the list). */
  applyEngineLibraryEvents(events: readonly ModelEvent[]): void;
  downloadEngineModel(catalogueId: string): Promise<ActionResult>;
  pauseEngineDownload(downloadId: string): Promise<ActionResult>;
  resumeEngineDownload(downloadId: string): Promise<ActionResult>;
  cancelEngineDownload(downloadId: string): Promise<ActionResult>;
  removeEngineModel(modelId: string): Promise<ActionResult>;
  addGgufFile(path: string): Promise<ActionResult>;
  /** Runs the model on the built-in engine and selects it for the next message. */
  useEngineModel(modelId: string): Promise<ActionResult>;
}

export const createEngineLibrarySlice: SliceCreator<EngineLibrarySlice> = (set, get, { api }) => {
  const failed = (error: unknown): ActionResult => ({ ok: false, message: describeCallFailure(error) });
  const putDownload = (download: DownloadView) =>
    set((state) => {
      if (!state.engineLibrary) return {};
      const others = state.engineLibrary.downloads.filter((d) => d.downloadId !== download.downloadId);
      const downloads = download.state === 'cancelled' ? others : [...others, download];
      return { engineLibrary: { ...state.engineLibrary, downloads } };
    });
  const act = async (work: () => Promise<unknown>, reload = false): Promise<ActionResult> => {
    try {
      await work();
      if (reload) await get().loadEngineLibrary();
      return { ok: true };
    } catch (error) {
      return failed(error);
    }
  };
  return {
    engineLibrary: null,
    engineLibraryError: null,

    async loadEngineLibrary() {
      try {
        set({ engineLibrary: await api.call('engineLibrary.list', {}), engineLibraryError: null });
      } catch (error) {
        set({ engineLibraryError: describeCallFailure(error) });
      }
    },

    applyEngineLibraryEvents(events) {
      for (const event of events) {
        if (event.type !== 'engine-download') continue;
        putDownload(event.download);
        if (event.download.state === 'done') void get().loadEngineLibrary();
      }
    },

    downloadEngineModel: (catalogueId) => act(() => api.call('engineLibrary.download', { catalogueId }), true),
    pauseEngineDownload: (downloadId) => act(async () => putDownload(await api.call('engineLibrary.pause', { downloadId }))),
    resumeEngineDownload: (downloadId) => act(async () => putDownload(await api.call('engineLibrary.resume', { downloadId }))),
    cancelEngineDownload: (downloadId) => act(() => api.call('engineLibrary.cancel', { downloadId }), true),
    removeEngineModel: (modelId) => act(() => api.call('engineLibrary.remove', { modelId }), true),
    addGgufFile: (path) => act(() => api.call('engineLibrary.addFile', { path }), true),
    useEngineModel: (modelId) =>
      act(async () => {
        const { model } = await api.call('engineLibrary.use', { modelId });
        await get().loadSettings();
        await get().loadModels();
        await get().selectModel(model);
      }),
  };
};

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends EngineLibrarySlice {}
}
