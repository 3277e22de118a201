import { randomUUID } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { freemem, totalmem } from 'node:os';
import { basename, extname, isAbsolute, join } from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import { estimateFit } from '../../../../shared/engine/model-fit';
import type { CatalogueView, DownloadView, LibraryView, LocalModelView, MachineMemory } from '../../../../shared/engine/model-library';
import { ContractError } from '../../../../shared/contract/contract-error';
import { nodeDownloadFiles, type DownloadFiles } from './download-files';
import { architectureFacts, readGgufHeader } from './gguf-header';
import { createLibraryStore, type LocalModelRecord } from './library-store';
import { catalogueEntry, downloadUrl, modelCatalogue } from './model-catalogue';
import { createModelDownload, type ModelDownload } from './model-download';

export interface EngineLibraryOptions {
  /** The models folder (downloads land here; library.json lists every model). */
  folder: string;
  emit(view: DownloadView): void;
  /** Selects a built-in server for a GGUF file and returns the model reference to chat with. */
  use(modelPath: string): Promise<{ model: string }>;
  baseUrl?: string;
  fetch?: typeof fetch;
  files?: DownloadFiles;
  machine?: () => MachineMemory;
  newId?: () => string;
  now?: () => number;
  progressIntervalMs?: number;
  diskHeadroomBytes?: number;
}

export interface EngineLibrary {
  list(): Promise<LibraryView>;
  download(catalogueId: string): Promise<{ downloadId: string }>;
  pause(downloadId: string): Promise<DownloadView>;
  resume(downloadId: string): DownloadView;
  cancel(downloadId: string): Promise<DownloadView>;
  remove(modelId: string): Promise<{ removed: boolean }>;
  addFile(path: string): Promise<LocalModelView>;
  use(modelId: string): Promise<{ model: string }>;
  dispose(): Promise<void>;
}

/** The memory this machine has now; VRAM is not probed here (null: the estimate counts RAM only). */
export function machineMemory(): MachineMemory {
  return { totalRamBytes: totalmem(), freeRamBytes: freemem(), vramBytes: null };
}

/** The catalogue with fit labels, the models on disk, and their downloads. */
export function createEngineLibrary(options: EngineLibraryOptions): EngineLibrary {
  const store = createLibraryStore(options.folder);
  const files = options.files ?? nodeDownloadFiles;
  const machine = options.machine ?? machineMemory;
  const newId = options.newId ?? randomUUID;
  const now = options.now ?? Date.now;
  const downloads = new Map<string, ModelDownload>();

  const fitOf = (sizeBytes: number, architecture: LocalModelRecord['architecture'], memory: MachineMemory) =>
    architecture
      ? estimateFit({ weightsBytes: sizeBytes, architecture, contextTokens: DEFAULTS.engineLibrary.fitContextTokens, machine: memory })
      : null;

  const findDownload = (downloadId: string): ModelDownload => {
    const found = downloads.get(downloadId);
    if (!found) throw new ContractError('not-found', 'No such download: it finished or was cancelled.');
    return found;
  };

  return {
    async list() {
      const memory = machine();
      const local = await store.list();
      const catalogue: CatalogueView[] = modelCatalogue().map((entry) => ({
        entry,
        fit: estimateFit({
          weightsBytes: entry.sizeBytes,
          architecture: entry.architecture,
          contextTokens: DEFAULTS.engineLibrary.fitContextTokens,
          machine: memory,
        }),
        localModelId: local.find((model) => model.catalogueId === entry.id)?.modelId ?? null,
      }));
      // The welcome offers the largest model that fits among the small ones (under 2 GB download).
      const suggested =
        catalogue
          .filter((view) => view.fit.label === 'fits' && view.entry.sizeBytes < 2_000_000_000)
          .sort((a, b) => b.entry.sizeBytes - a.entry.sizeBytes)[0] ??
        [...catalogue].sort((a, b) => a.entry.sizeBytes - b.entry.sizeBytes)[0];
      return {
        machine: memory,
        catalogue,
        local: local.map((record) => ({ ...record, fit: fitOf(record.sizeBytes, record.architecture, memory) })),
        downloads: [...downloads.values()].map((download) => download.view()),
        suggestedId: suggested?.entry.id ?? null,
      };
    },

    async download(catalogueId) {
      const entry = catalogueEntry(catalogueId);
      if (!entry) throw new ContractError('not-found', `There is no model ${catalogueId} in the catalogue.`);
      const active = [...downloads.values()].find((d) => d.view().catalogueId === catalogueId && d.view().state !== 'cancelled');
      if (active) {
        if (active.view().state !== 'downloading' && active.view().state !== 'done') void active.start();
        return { downloadId: active.view().downloadId };
      }
      const downloadId = newId();
      const download = createModelDownload(
        {
          downloadId,
          catalogueId,
          url: downloadUrl(entry, options.baseUrl ?? DEFAULTS.engineLibrary.downloadBaseUrl),
          path: join(options.folder, entry.file),
          expectedBytes: entry.sizeBytes,
          sha256: entry.sha256,
        },
        {
          files,
          fetch: options.fetch ?? fetch,
          folder: options.folder,
          emit: options.emit,
          ...(options.progressIntervalMs !== undefined ? { progressIntervalMs: options.progressIntervalMs } : {}),
          ...(options.diskHeadroomBytes !== undefined ? { diskHeadroomBytes: options.diskHeadroomBytes } : {}),
          now,
          finished: async (_target, result) => {
            let architecture = entry.architecture;
            try {
              architecture = architectureFacts(await readGgufHeader(result.path)) ?? entry.architecture;
            } catch {
              // Verified just before; the catalogue's facts stand in.
            }
            await store.put({
              modelId: newId(),
              name: entry.name,
              path: result.path,
              sizeBytes: result.sizeBytes,
              sha256: result.sha256,
              source: 'downloaded',
              catalogueId,
              architecture,
              addedAt: now(),
            });
          },
        },
      );
      downloads.set(downloadId, download);
      await mkdir(options.folder, { recursive: true });
      void download.start();
      return { downloadId };
    },

    async pause(downloadId) {
      const download = findDownload(downloadId);
      await download.pause();
      return download.view();
    },
    resume(downloadId) {
      const download = findDownload(downloadId);
      void download.start();
      return download.view();
    },
    async cancel(downloadId) {
      const download = findDownload(downloadId);
      await download.cancel();
      downloads.delete(downloadId);
      return download.view();
    },

    async remove(modelId) {
      const record = await store.remove(modelId);
      if (!record) return { removed: false };
      // A downloaded file is TACO's to delete; an added file stays where the user keeps it.
      if (record.source === 'downloaded') await files.remove(record.path);
      for (const [id, download] of downloads) if (download.view().catalogueId === record.catalogueId) downloads.delete(id);
      return { removed: true };
    },

    async addFile(path) {
      if (!isAbsolute(path) || extname(path).toLowerCase() !== '.gguf')
        throw new ContractError('invalid-payload', 'Choose a .gguf model file (a full path).');
      let size: number;
      try {
        const info = await stat(path);
        if (!info.isFile()) throw new Error('not a file');
        size = info.size;
      } catch {
        throw new ContractError('invalid-payload', `There is no model file at ${path}.`);
      }
      let architecture: LocalModelRecord['architecture'];
      try {
        architecture = architectureFacts(await readGgufHeader(path));
      } catch (error) {
        throw new ContractError('invalid-payload', error instanceof Error ? error.message : String(error));
      }
      const record: LocalModelRecord = {
        modelId: newId(),
        name: basename(path, extname(path)),
        path,
        sizeBytes: size,
        sha256: null,
        source: 'added',
        catalogueId: null,
        architecture,
        addedAt: now(),
      };
      await store.put(record);
      return { ...record, fit: fitOf(size, architecture, machine()) };
    },

    async use(modelId) {
      const record = (await store.list()).find((model) => model.modelId === modelId);
      if (!record) throw new ContractError('not-found', 'That model is no longer on disk.');
      return options.use(record.path);
    },

    async dispose() {
      await Promise.all([...downloads.values()].map((download) => download.pause()));
    },
  };
}
