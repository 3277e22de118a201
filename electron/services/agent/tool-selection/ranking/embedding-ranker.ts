import { DEFAULTS } from '../../../../../shared/constants';
import type { ToolDefinition } from '../../../../../shared/tools/tool-definition';
import type { EmbedRequest } from '../../../provider/provider-types';
import type { EmbeddingCache } from './embedding-cache';
import { embeddingText } from './tool-text';

export interface EmbeddingRankInput {
  embed: (request: EmbedRequest) => Promise<number[][]>;
  model: string;
  definitions: readonly ToolDefinition[];
  query: string;
  cache: EmbeddingCache;
  signal: AbortSignal;
}

/**
 * Tool ids by cosine similarity between the query's vector and each tool's, best first. Tool
 * vectors come from the cache; only texts not seen before with this model are sent to
 * /api/embed (in batches). Throws when Ollama fails or answers with the wrong shape.
 */
export async function rankByEmbedding(input: EmbeddingRankInput): Promise<string[]> {
  const texts = input.definitions.map(embeddingText);
  const missing = [...new Set([...texts, input.query].filter((text) => !input.cache.get(input.model, text)))];
  const batch = DEFAULTS.toolSelection.embedBatchSize;
  for (let start = 0; start < missing.length; start += batch) {
    const slice = missing.slice(start, start + batch);
    const vectors = await input.embed({ model: input.model, input: slice, signal: input.signal });
    if (vectors.length !== slice.length) {
      throw new Error(`the embedding model returned ${vectors.length} vectors for ${slice.length} texts`);
    }
    slice.forEach((text, i) => input.cache.set(input.model, text, checkedVector(vectors[i])));
  }
  const queryVector = input.cache.get(input.model, input.query);
  if (!queryVector) throw new Error('the query was not embedded');
  return input.definitions
    .map((definition, i) => ({
      id: definition.function.name,
      score: cosine(queryVector, input.cache.get(input.model, texts[i] ?? '') ?? []),
    }))
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.id);
}

function checkedVector(vector: unknown): number[] {
  if (!Array.isArray(vector) || vector.length === 0 || !vector.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    throw new Error('the embedding model returned a vector that is not a list of numbers');
  }
  return vector as number[];
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return -1;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
