import { DEFAULTS } from '../../../shared/constants';
import type { KnowledgeFolderStatus, KnowledgeSkip } from '../../../shared/knowledge/knowledge';
import { KnowledgeIndex, type IndexedChunk, type SearchMode } from './knowledge-index';
import { readFileChunks } from './knowledge-read';
import { checkKnowledgeFolder, walkFolder, type WalkLimits } from './knowledge-walk';

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

export interface KnowledgeBaseOptions {
  walkLimits?: WalkLimits;
  maxFileBytes?: number;
  /** Called whenever a folder's status changes (progress). */
  onStatus?: (status: KnowledgeFolderStatus) => void;
}

interface FolderState {
  status: KnowledgeFolderStatus;
  root: string;
  abort: AbortController;
}

/**
 * The knowledge folders and their index. Folders are indexed one after another in the background
 * (`whenIdle` resolves when all are done); the work is cut into slices (one file, then a yield to
 * the event loop whenever DEFAULTS.knowledge.sliceMs passed) so a chat or the window never waits
 * behind it. A file that cannot be indexed is a skip with its reason; the rest stays searchable.
 */
export class KnowledgeBase {
  readonly index = new KnowledgeIndex();
  private readonly folders = new Map<string, FolderState>();
  private queue: Promise<void> = Promise.resolve();
  private embedding: { key: string; done: Promise<void> } | null = null;

  constructor(private readonly options: KnowledgeBaseOptions = {}) {}

  /** Adds a folder and queues its indexing; resolves with its first status (failed: it cannot be added). */
  async addFolder(folder: string): Promise<KnowledgeFolderStatus> {
    const checked = await checkKnowledgeFolder(folder);
    if (!checked.ok) return failedStatus(folder, checked.reason);
    const existing = this.folders.get(checked.root);
    if (existing) return { ...existing.status };
    const state: FolderState = {
      root: checked.root,
      abort: new AbortController(),
      status: {
        folder: checked.root,
        state: 'indexing',
        filesFound: 0,
        filesIndexed: 0,
        chunks: 0,
        chunksEmbedded: 0,
        skipped: [],
        error: null,
      },
    };
    this.folders.set(checked.root, state);
    this.queue = this.queue.then(() => this.indexFolder(state));
    return { ...state.status };
  }

  removeFolder(folder: string): boolean {
    const state = this.folders.get(folder);
    if (!state) return false;
    state.abort.abort();
    this.folders.delete(folder);
    this.index.removeFolder(folder);
    return true;
  }

  status(): KnowledgeFolderStatus[] {
    return [...this.folders.values()].map((state) => ({
      ...state.status,
      chunksEmbedded: this.index.embeddedCount(state.root),
      skipped: [...state.status.skipped],
    }));
  }

  get hasFolders(): boolean {
    return this.folders.size > 0;
  }

  /** Resolves once every queued folder is indexed. */
  whenIdle(): Promise<void> {
    return this.queue;
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
    for (let start = 0; start < pending.length; start += batch) {
      signal?.throwIfAborted();
      const slice = pending.slice(start, start + batch);
      const vectors = await embedder.embed(
        slice.map((chunk) => embeddingText(chunk)),
        signal,
      );
      if (vectors.length !== slice.length) throw new Error(`the model returned ${vectors.length} vectors for ${slice.length} texts`);
      slice.forEach((chunk, index) => this.index.setVector(embedder.key, chunk.id, vectors[index]!));
    }
  }

  private async indexFolder(state: FolderState): Promise<void> {
    const { status, abort } = state;
    const skip = (entry: KnowledgeSkip): void => {
      status.skipped.push(entry);
    };
    let sliceStart = Date.now();
    try {
      for await (const file of walkFolder(state.root, skip, this.options.walkLimits, abort.signal)) {
        if (abort.signal.aborted) return;
        status.filesFound += 1;
        const read = await readFileChunks(file, this.options.maxFileBytes);
        if (abort.signal.aborted) return;
        if (read.type === 'skipped') {
          skip({ file: file.relative, reason: read.reason });
        } else {
          this.index.setFile(state.root, file.relative, read.chunks);
          status.filesIndexed += 1;
          status.chunks += read.chunks.length;
        }
        if (Date.now() - sliceStart >= DEFAULTS.knowledge.sliceMs) {
          this.options.onStatus?.({ ...status, skipped: [...status.skipped] });
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = Date.now();
        }
      }
      status.state = 'ready';
    } catch (error) {
      status.state = 'failed';
      status.error = error instanceof Error ? error.message : String(error);
    }
    this.options.onStatus?.({ ...status, skipped: [...status.skipped] });
  }
}

/** What is embedded for a chunk: its file and heading give the text its context. */
function embeddingText(chunk: IndexedChunk): string {
  return [chunk.file, chunk.heading ?? '', chunk.text].filter((part) => part !== '').join('\n');
}

function failedStatus(folder: string, reason: string): KnowledgeFolderStatus {
  return { folder, state: 'failed', filesFound: 0, filesIndexed: 0, chunks: 0, chunksEmbedded: 0, skipped: [], error: reason };
}

/** What a run searches: the folders' index and the embedding model of the run's settings (null: lexical only). */
export interface KnowledgeSource {
  base: KnowledgeBase;
  embedder: Embedder | null;
}
