import { DEFAULTS } from '../../../../../shared/constants';
import { textHash } from '../catalogue-key';

/** Embedding vectors in memory, keyed by model + text hash: a tool's description is embedded once per model. */
export interface EmbeddingCache {
  get(model: string, text: string): number[] | undefined;
  set(model: string, text: string, vector: number[]): void;
  readonly size: number;
}

export function createEmbeddingCache(maxEntries: number = DEFAULTS.toolSelection.embedCacheMaxEntries): EmbeddingCache {
  const vectors = new Map<string, number[]>();
  const key = (model: string, text: string): string => `${model}\u0000${textHash(text)}`;
  return {
    get: (model, text) => vectors.get(key(model, text)),
    set(model, text, vector) {
      vectors.set(key(model, text), vector);
      if (vectors.size > maxEntries) vectors.delete(vectors.keys().next().value as string);
    },
    get size() {
      return vectors.size;
    },
  };
}

/** The process-wide cache every run shares. */
export const sharedEmbeddingCache: EmbeddingCache = createEmbeddingCache();
