import { createHash } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import type { KnowledgeFolderStatus, KnowledgeSkip } from '../../../shared/knowledge/knowledge';
import { watchFolder, type FolderWatcher } from './folder-watcher';
import { KnowledgeIndex, type IndexedChunk, type SearchMode } from './knowledge-index';
import { readFileChunks } from './reading/knowledge-read';
import { checkKnowledgeFolder, errorWords, walkFolder, type WalkedFile, type WalkLimits } from './reading/knowledge-walk';
import { loadSavedIndex, saveIndex, type FileRecord } from './saved-index';
import { secondsLeft } from './indexing-estimate';

/** An embedding model: `key` names it (server and model), so vectors of another model are never mixed in. */
export interface Embedder {
  key: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface KnowledgeSearchResult {
  mode: SearchMode;
  chunks: IndexedChunk[];
  /** Why the vector side did not run although an embedder was given, in words; null when it ran or none was given. */
  vectorProblem: string | null;
}

/** What the knowledge base tells its listeners. */
export type KnowledgeEvent =
  /** A folder's status changed (progress while indexing, ready, failed, removed). */
  | { type: 'status'; status: KnowledgeFolderStatus }
  /** A pass over a folder finished: the files it read (new or changed by mtime or size) and those gone. */
  | { type: 'updated'; folder: string; read: string[]; removed: string[] }
  | { type: 'removed'; folder: string }
  /** A folder's index was written to the data folder. */
  | { type: 'saved'; folder: string };

export interface KnowledgeBaseOptions {
  walkLimits?: WalkLimits;
  maxFileBytes?: number;
  /** Called whenever a folder's status changes (progress). */
  onStatus?: (status: KnowledgeFolderStatus) => void;
  /** Where each folder's index is saved (a folder of its own per knowledge folder); none: kept in memory only. */
  indexDir?: string;
  /** Keep each folder's index fresh as its files change (default true). */
  watch?: boolean;
  debounceMs?: number;
  saveDelayMs?: number;
}

interface FileState {
  mtimeMs: number;
  size: number;
  hash: string;
  skip: string | null;
}

interface FolderState {
  status: KnowledgeFolderStatus;
  root: string;
  abort: AbortController;
  files: Map<string, FileState>;
  /** A pass is queued and has not started: further changes ride on it. */
  passQueued: boolean;
  watcher: FolderWatcher | null;
  saveTimer: NodeJS.Timeout | null;
  saving: Promise<void>;
}

/**
 * The knowledge folders and their index. Each folder is walked, its new and changed files read
 * (mtime and size tell; an unchanged file is never read again, also after a restart when the
 * index is saved), and then watched: a burst of changes becomes one more pass. Passes run one
 * after another in the background (`whenIdle` resolves when all are done), cut into slices (one
 * file, then a yield to the event loop whenever DEFAULTS.knowledge.sliceMs passed) so a chat or
 * the window never waits behind them. A file that cannot be indexed is a skip with its reason;
 * the rest stays searchable.
 */
export class KnowledgeBase {
  readonly index = new KnowledgeIndex();
  private readonly folders = new Map<string, FolderState>();
  private readonly listeners = new Set<(event: KnowledgeEvent) => void>();
  private queue: Promise<void> = Promise.resolve();
  private embedding: { key: string; done: Promise<void> } | null = null;

  constructor(private readonly options: KnowledgeBaseOptions = {}) {}

  /** Listens to status changes, finished passes and saves; returns the unsubscribe. */
  onChange(listener: (event: KnowledgeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a folder and queues its indexing; resolves with its first status (failed: it cannot be added). */
  async addFolder(folder: string): Promise<KnowledgeFolderStatus> {
    const checked = await checkKnowledgeFolder(folder);
    if (!checked.ok) return failedStatus(folder, checked.reason);
    const existing = this.folders.get(checked.root);
    if (existing) return this.statusOf(existing);
    const state: FolderState = {
      root: checked.root,
      abort: new AbortController(),
      files: new Map(),
      passQueued: true,
      watcher: null,
      saveTimer: null,
      saving: Promise.resolve(),
      status: {
        folder: checked.root,
        state: 'indexing',
        filesFound: 0,
        filesIndexed: 0,
        chunks: 0,
        chunksEmbedded: 0,
        skipped: [],
        error: null,
        progress: null,
        note: null,
      },
    };
    this.folders.set(checked.root, state);
    this.enqueue(async () => {
      await this.restore(state);
      await this.pass(state);
      if (!state.abort.signal.aborted && state.status.state === 'ready' && this.options.watch !== false) {
        state.watcher = watchFolder(state.root, this.options.debounceMs ?? DEFAULTS.knowledge.watchDebounceMs, () => this.onWatch(state));
      }
    });
    return this.statusOf(state);
  }

  /** Removes a folder: its passages leave the index at once, its saved index is deleted. */
  removeFolder(folder: string): boolean {
    const state = this.folders.get(folder);
    if (!state) return false;
    this.stopFolder(state);
    this.folders.delete(folder);
    this.index.removeFolder(folder);
    const dir = this.savedDir(folder);
    if (dir) state.saving = state.saving.then(() => rm(dir, { recursive: true, force: true }));
    this.emit({ type: 'removed', folder });
    return true;
  }

  status(): KnowledgeFolderStatus[] {
    return [...this.folders.values()].map((state) => this.statusOf(state));
  }

  get hasFolders(): boolean {
    return this.folders.size > 0;
  }

  /** Resolves once every queued pass is done. */
  whenIdle(): Promise<void> {
    return this.queue;
  }

  /** Stops watching, writes what is not saved yet. */
  async close(): Promise<void> {
    const folders = [...this.folders.values()];
    for (const state of folders) this.stopFolder(state);
    await this.queue;
    await Promise.all(folders.map((state) => this.save(state)));
  }

  /**
   * The best chunks for a query: lexical, fused with vector search when `embedder` is given (every
   * chunk still without a vector from it is embedded first). An embedder that fails leaves the
   * lexical ranking, with the reason in `vectorProblem`.
   */
  async search(query: string, limit: number, embedder: Embedder | null, signal?: AbortSignal): Promise<KnowledgeSearchResult> {
    if (!embedder) return { ...this.index.search(query, limit, null), vectorProblem: null };
    try {
      await this.ensureEmbedded(embedder, signal);
      const [queryVector] = await embedder.embed([query], signal);
      if (!queryVector) throw new Error('the model returned no vector');
      return { ...this.index.search(query, limit, queryVector), vectorProblem: null };
    } catch (error) {
      if (signal?.aborted) throw error;
      const why = error instanceof Error ? error.message : String(error);
      return {
        ...this.index.search(query, limit, null),
        vectorProblem: `vector search did not run (${why}); the passages are ranked by words only`,
      };
    }
  }

  /** Embeds every chunk that has no vector from `embedder` yet (one run at a time per model). */
  ensureEmbedded(embedder: Embedder, signal?: AbortSignal): Promise<void> {
    if (this.embedding?.key === embedder.key) return this.embedding.done;
    const run = { key: embedder.key, done: this.embedPending(embedder, signal) };
    this.embedding = run;
    const clear = (): void => {
      if (this.embedding === run) this.embedding = null;
    };
    run.done.then(clear, clear);
    return run.done;
  }

  private async embedPending(embedder: Embedder, signal?: AbortSignal): Promise<void> {
    const batch = DEFAULTS.knowledge.embedBatchSize;
    // Chunks indexed while this runs are embedded by the next call.
    const pending = this.index.pendingFor(embedder.key);
    const touched = new Set<string>();
    for (let start = 0; start < pending.length; start += batch) {
      signal?.throwIfAborted();
      const slice = pending.slice(start, start + batch);
      const vectors = await embedder.embed(
        slice.map((chunk) => embeddingText(chunk)),
        signal,
      );
      if (vectors.length !== slice.length) throw new Error(`the model returned ${vectors.length} vectors for ${slice.length} texts`);
      slice.forEach((chunk, index) => {
        this.index.setVector(embedder.key, chunk.id, vectors[index]!);
        touched.add(chunk.folder);
      });
    }
    for (const folder of touched) {
      const state = this.folders.get(folder);
      if (state) this.scheduleSave(state);
    }
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch(() => undefined);
  }

  /** Any report (changed paths, or the watcher lost) queues one pass: the walk finds what changed or that the folder is gone. */
  private onWatch(state: FolderState): void {
    if (state.abort.signal.aborted || state.passQueued) return;
    state.passQueued = true;
    this.enqueue(() => this.pass(state));
  }

  /** Takes back the folder's saved index: chunks into the index (BM25 rebuilt from them), vectors by text. */
  private async restore(state: FolderState): Promise<void> {
    const dir = this.savedDir(state.root);
    if (!dir) return;
    const loaded = await loadSavedIndex(dir);
    if (loaded.type === 'corrupt') {
      state.status.note = `The saved index of this folder could not be read (${loaded.reason}); it was moved aside to ${loaded.movedTo} and the folder is indexed anew.`;
      return;
    }
    if (loaded.type === 'none' || loaded.index.folder !== state.root) return;
    const { files, vectors } = loaded.index;
    if (vectors) this.index.importVectors(vectors.key, vectors.hashes, vectors.vectors);
    let sliceStart = Date.now();
    for (const [file, record] of Object.entries(files)) {
      if (state.abort.signal.aborted) return;
      if (record.skip === null) this.index.setFile(state.root, file, record.chunks);
      state.files.set(file, { mtimeMs: record.mtimeMs, size: record.size, hash: record.hash, skip: record.skip });
      if (Date.now() - sliceStart >= DEFAULTS.knowledge.sliceMs) {
        await yieldToLoop();
        sliceStart = Date.now();
      }
    }
  }

  /** One pass: walk the folder, read what is new or changed, drop what is gone. */
  private async pass(state: FolderState): Promise<void> {
    state.passQueued = false;
    const { status, abort } = state;
    if (abort.signal.aborted) return;
    const rootProblem = await stat(state.root).then(
      (info) => (info.isDirectory() ? null : 'it is no longer a folder'),
      (error: unknown) => errorWords(error),
    );
    if (rootProblem) {
      this.index.removeFolder(state.root);
      state.files.clear();
      status.state = 'failed';
      status.error = `${state.root} cannot be read: ${rootProblem}. Its passages are out of the index until it is added again.`;
      status.progress = null;
      this.stopWatching(state);
      this.emitStatus(state);
      return;
    }
    status.state = 'indexing';
    status.error = null;
    const walkSkips: KnowledgeSkip[] = [];
    const found: WalkedFile[] = [];
    try {
      for await (const file of walkFolder(state.root, (entry) => walkSkips.push(entry), this.options.walkLimits, abort.signal)) {
        found.push(file);
        if (found.length % 500 === 0) {
          status.filesFound = found.length;
          this.emitStatus(state);
        }
      }
    } catch (error) {
      status.state = 'failed';
      status.error = error instanceof Error ? error.message : String(error);
      this.emitStatus(state);
      return;
    }
    if (abort.signal.aborted) return;
    status.filesFound = found.length;
    const present = new Set(found.map((file) => file.relative));
    const removed = [...state.files.keys()].filter((file) => !present.has(file));
    for (const file of removed) {
      this.index.removeFile(state.root, file);
      state.files.delete(file);
    }
    const toRead = found.filter((file) => {
      const known = state.files.get(file.relative);
      return !known || known.mtimeMs !== file.mtimeMs || known.size !== file.size;
    });
    const started = Date.now();
    // A file over the size limit is skipped without being read: it adds no work.
    const maxBytes = this.options.maxFileBytes ?? DEFAULTS.knowledge.maxFileBytes;
    const work = { filesDone: 0, filesTotal: toRead.length, bytesDone: 0, bytesTotal: 0 };
    const bytesOf = (file: WalkedFile): number => (file.size > maxBytes ? 0 : file.size);
    for (const file of toRead) work.bytesTotal += bytesOf(file);
    status.progress = { done: 0, total: toRead.length, secondsLeft: null };
    let sliceStart = Date.now();
    const read: string[] = [];
    for (const file of toRead) {
      if (abort.signal.aborted) return;
      const chunks = await readFileChunks(file, this.options.maxFileBytes);
      if (abort.signal.aborted) return;
      read.push(file.relative);
      const known = state.files.get(file.relative);
      if (chunks.type === 'skipped') {
        this.index.removeFile(state.root, file.relative);
        state.files.set(file.relative, { mtimeMs: file.mtimeMs, size: file.size, hash: '', skip: chunks.reason });
      } else {
        const hash = chunksHash(chunks.chunks.map((chunk) => chunk.text));
        // Touched but the same text (a save without edits): nothing to re-index.
        if (!known || known.hash !== hash || known.skip !== null) this.index.setFile(state.root, file.relative, chunks.chunks);
        state.files.set(file.relative, { mtimeMs: file.mtimeMs, size: file.size, hash, skip: null });
      }
      work.filesDone += 1;
      work.bytesDone += bytesOf(file);
      status.progress = { done: work.filesDone, total: toRead.length, secondsLeft: secondsLeft(work, Date.now() - started) };
      if (Date.now() - sliceStart >= DEFAULTS.knowledge.sliceMs) {
        this.refreshCounts(state, walkSkips);
        this.emitStatus(state);
        await yieldToLoop();
        sliceStart = Date.now();
      }
    }
    status.state = 'ready';
    status.progress = null;
    this.refreshCounts(state, walkSkips);
    this.emitStatus(state);
    this.emit({ type: 'updated', folder: state.root, read, removed });
    if (read.length > 0 || removed.length > 0 || toRead.length > 0) this.scheduleSave(state);
  }

  private refreshCounts(state: FolderState, walkSkips: KnowledgeSkip[]): void {
    const fileSkips: KnowledgeSkip[] = [];
    let indexed = 0;
    for (const [file, known] of state.files) {
      if (known.skip === null) indexed += 1;
      else fileSkips.push({ file, reason: known.skip });
    }
    state.status.filesIndexed = indexed;
    state.status.chunks = this.index.chunkCount(state.root);
    state.status.skipped = [...walkSkips, ...fileSkips];
  }

  private scheduleSave(state: FolderState): void {
    if (!this.savedDir(state.root) || state.abort.signal.aborted) return;
    if (state.saveTimer) clearTimeout(state.saveTimer);
    state.saveTimer = setTimeout(() => {
      state.saveTimer = null;
      void this.save(state);
    }, this.options.saveDelayMs ?? DEFAULTS.knowledge.saveDelayMs);
  }

  private save(state: FolderState): Promise<void> {
    const dir = this.savedDir(state.root);
    if (!dir || !this.folders.has(state.root)) return state.saving;
    const files: Record<string, FileRecord> = {};
    for (const [file, known] of state.files) {
      const chunks =
        known.skip === null
          ? this.index.fileChunks(state.root, file).map(({ text, location, heading }) => ({ text, location, heading }))
          : [];
      files[file] = { ...known, chunks };
    }
    const vectors = this.index.exportVectors(state.root);
    state.saving = state.saving
      .then(() => saveIndex(dir, { folder: state.root, files, vectors }))
      .then(
        () => this.emit({ type: 'saved', folder: state.root }),
        (error: unknown) => {
          state.status.note = `The index could not be saved (${error instanceof Error ? error.message : String(error)}); it is rebuilt on the next start.`;
          this.emitStatus(state);
        },
      );
    return state.saving;
  }

  private savedDir(root: string): string | null {
    if (!this.options.indexDir) return null;
    return path.join(this.options.indexDir, createHash('sha256').update(root).digest('hex').slice(0, 24));
  }

  private stopWatching(state: FolderState): void {
    state.watcher?.close();
    state.watcher = null;
  }

  private stopFolder(state: FolderState): void {
    state.abort.abort();
    this.stopWatching(state);
    if (state.saveTimer) clearTimeout(state.saveTimer);
    state.saveTimer = null;
  }

  private statusOf(state: FolderState): KnowledgeFolderStatus {
    return {
      ...state.status,
      chunksEmbedded: this.index.embeddedCount(state.root),
      skipped: [...state.status.skipped],
      progress: state.status.progress ? { ...state.status.progress } : null,
    };
  }

  private emitStatus(state: FolderState): void {
    const status = this.statusOf(state);
    this.options.onStatus?.(status);
    this.emit({ type: 'status', status });
  }

  private emit(event: KnowledgeEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function chunksHash(texts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text).update('\0');
  return hash.digest('hex');
}

/** What is embedded for a chunk: its file and heading give the text its context. */
function embeddingText(chunk: IndexedChunk): string {
  return [chunk.file, chunk.heading ?? '', chunk.text].filter((part) => part !== '').join('\n');
}

function failedStatus(folder: string, reason: string): KnowledgeFolderStatus {
  return {
    folder,
    state: 'failed',
    filesFound: 0,
    filesIndexed: 0,
    chunks: 0,
    chunksEmbedded: 0,
    skipped: [],
    error: reason,
    progress: null,
    note: null,
  };
}

/** What a run searches: the folders' index and the embedding model of the run's settings (null: lexical only). */
export interface KnowledgeSource {
  base: KnowledgeBase;
  embedder: Embedder | null;
}
