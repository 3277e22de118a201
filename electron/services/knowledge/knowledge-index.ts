import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import { DEFAULTS } from '../../../shared/constants';
import type { PassageLocation } from '../../../shared/knowledge/knowledge';
import type { Chunk } from './reading/knowledge-chunk';
import { reciprocalRankFusion } from './rank-fusion';
import { createInProcessVectorStore, type VectorStore } from './vector-store';

/** A chunk in the index, with the file it came from. */
export interface IndexedChunk {
  id: number;
  folder: string;
  file: string;
  location: PassageLocation;
  heading: string | null;
  text: string;
  /** sha256 of the text: a vector is kept per text, so a renamed or unchanged file is not embedded again. */
  hash: string;
}

/** Which rankings a search used: 'hybrid' only when the vector side ran. */
export type SearchMode = 'lexical' | 'vector' | 'hybrid';

interface LexicalFields {
  id: number;
  text: string;
  heading: string;
  file: string;
}

/**
 * The chunks of every added folder: a BM25 index (minisearch) over text, heading and file name,
 * and one vector per chunk from one embedding model (`vectorKey`); a search fuses both rankings
 * by reciprocal rank fusion. Vectors are cached by text, so a chunk whose text was embedded
 * before (a renamed or re-read file) takes its vector back instead of asking the model again.
 */
export class KnowledgeIndex {
  private readonly chunks = new Map<number, IndexedChunk>();
  private readonly byFile = new Map<string, number[]>();
  private readonly lexical = new MiniSearch<LexicalFields>({
    fields: ['text', 'heading', 'file'],
    searchOptions: {
      boost: { heading: 2, file: 1.5 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
      combineWith: 'OR',
    },
  });
  private readonly vectors: VectorStore = createInProcessVectorStore();
  /** Vectors by text hash for the current model: what lets a re-read or renamed chunk skip the model. */
  private readonly byHash = new Map<string, Float32Array>();
  private key: string | null = null;
  private nextId = 1;

  get size(): number {
    return this.chunks.size;
  }

  /** The embedding model the vectors come from (null: none yet). */
  get vectorKey(): string | null {
    return this.key;
  }

  /** Replaces a file's chunks (none: the file is gone). */
  setFile(folder: string, file: string, chunks: readonly Chunk[]): void {
    this.removeFile(folder, file);
    const ids: number[] = [];
    for (const chunk of chunks) {
      const id = this.nextId++;
      const hash = createHash('sha256').update(chunk.text).digest('hex');
      const indexed: IndexedChunk = { id, folder, file, location: chunk.location, heading: chunk.heading, text: chunk.text, hash };
      this.chunks.set(id, indexed);
      this.lexical.add({ id, text: chunk.text, heading: chunk.heading ?? '', file: file.replace(/[/._-]+/g, ' ') });
      const cached = this.byHash.get(hash);
      if (cached) this.vectors.put(id, cached);
      ids.push(id);
    }
    if (ids.length > 0) this.byFile.set(fileKey(folder, file), ids);
  }

  removeFile(folder: string, file: string): void {
    const key = fileKey(folder, file);
    for (const id of this.byFile.get(key) ?? []) this.forget(id);
    this.byFile.delete(key);
  }

  removeFolder(folder: string): void {
    for (const [key, ids] of this.byFile) {
      if (!key.startsWith(`${folder}\0`)) continue;
      for (const id of ids) this.forget(id);
      this.byFile.delete(key);
    }
    // Keep the text cache bounded by what the index still holds.
    const live = new Set([...this.chunks.values()].map((chunk) => chunk.hash));
    for (const hash of this.byHash.keys()) if (!live.has(hash)) this.byHash.delete(hash);
  }

  filesOf(folder: string): string[] {
    return [...this.byFile.keys()].filter((key) => key.startsWith(`${folder}\0`)).map((key) => key.slice(folder.length + 1));
  }

  chunkCount(folder: string): number {
    let count = 0;
    for (const [key, ids] of this.byFile) if (key.startsWith(`${folder}\0`)) count += ids.length;
    return count;
  }

  embeddedCount(folder: string): number {
    let count = 0;
    for (const [key, ids] of this.byFile) if (key.startsWith(`${folder}\0`)) count += ids.filter((id) => this.vectors.has(id)).length;
    return count;
  }

  /**
   * The chunks still without a vector from the model `key`, in index order. A different key than
   * the vectors have drops them all first: a new embedding model means embedding everything again.
   */
  pendingFor(key: string): IndexedChunk[] {
    if (this.key !== key) {
      this.vectors.clear();
      this.byHash.clear();
      this.key = key;
    }
    return [...this.chunks.values()].filter((chunk) => !this.vectors.has(chunk.id));
  }

  /** Stores a chunk's vector (from the model `key`; ignored when the model changed meanwhile or the chunk is gone). */
  setVector(key: string, id: number, vector: readonly number[]): void {
    const chunk = this.chunks.get(id);
    if (this.key !== key || !chunk) return;
    this.vectors.put(id, vector);
    this.byHash.set(chunk.hash, Float32Array.from(vector));
  }

  /**
   * The best `limit` chunks for a query: BM25 and, when `queryVector` (from the model the vectors
   * came from) is given, cosine nearest, fused by reciprocal rank.
   */
  search(query: string, limit: number, queryVector: readonly number[] | null): { mode: SearchMode; chunks: IndexedChunk[] } {
    const candidates = DEFAULTS.knowledge.candidatesPerRanking;
    const lexical =
      query.trim() === ''
        ? []
        : this.lexical
            .search(query)
            .slice(0, candidates)
            .map((hit) => hit.id as number);
    const vector = queryVector && this.vectors.size > 0 ? this.vectors.nearest(queryVector, candidates).map((hit) => hit.id) : null;
    const rankings = vector ? [lexical, vector] : [lexical];
    const fused = reciprocalRankFusion(rankings, DEFAULTS.knowledge.rrfK);
    return {
      mode: vector ? 'hybrid' : 'lexical',
      chunks: fused.slice(0, limit).flatMap((hit) => this.chunks.get(hit.id) ?? []),
    };
  }

  /** Lexical ranking alone (ids best first): for measuring retrieval. */
  lexicalRanking(query: string, limit: number): number[] {
    return this.lexical
      .search(query)
      .slice(0, limit)
      .map((hit) => hit.id as number);
  }

  /** Vector ranking alone (ids best first): for measuring retrieval. */
  vectorRanking(queryVector: readonly number[], limit: number): number[] {
    return this.vectors.nearest(queryVector, limit).map((hit) => hit.id);
  }

  /** A file's chunks in order (empty: not in the index). */
  fileChunks(folder: string, file: string): IndexedChunk[] {
    return (this.byFile.get(fileKey(folder, file)) ?? []).flatMap((id) => this.chunks.get(id) ?? []);
  }

  /** The text-keyed vectors of the current model for a folder's chunks, for saving (null: none yet). */
  exportVectors(folder: string): { key: string; hashes: string[]; vectors: Float32Array[] } | null {
    if (this.key === null || this.byHash.size === 0) return null;
    const live = new Set<string>();
    for (const chunk of this.chunks.values()) if (chunk.folder === folder) live.add(chunk.hash);
    const hashes = [...this.byHash.keys()].filter((hash) => live.has(hash));
    return { key: this.key, hashes, vectors: hashes.map((hash) => this.byHash.get(hash)!) };
  }

  /**
   * Takes back saved vectors of the model `key`: chunks whose text has one need no model call.
   * Vectors of another model than the index holds already are not taken (they would be re-embedded).
   */
  importVectors(key: string, hashes: readonly string[], vectors: readonly Float32Array[]): void {
    if (this.key !== null && this.key !== key) return;
    this.key = key;
    hashes.forEach((hash, index) => this.byHash.set(hash, vectors[index]!));
    for (const chunk of this.chunks.values()) {
      const cached = this.byHash.get(chunk.hash);
      if (cached && !this.vectors.has(chunk.id)) this.vectors.put(chunk.id, cached);
    }
  }

  get(id: number): IndexedChunk | undefined {
    return this.chunks.get(id);
  }

  private forget(id: number): void {
    if (!this.chunks.has(id)) return;
    this.lexical.discard(id);
    this.vectors.delete(id);
    this.chunks.delete(id);
  }
}

function fileKey(folder: string, file: string): string {
  return `${folder}\0${file}`;
}
