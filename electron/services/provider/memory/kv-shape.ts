import type { KvShape } from '../../../../shared/models/models';

/**
 * The KV shape of a model from Ollama's /api/show `model_info`, read as ollama/ollama
 * fs/ggml/ggml.go reads the same GGUF keys (fb30760, `GraphSize`, `HeadCountKVMax`,
 * `EmbeddingHeadCountK/V`): `<arch>.block_count` layers; `<arch>.attention.head_count_kv` (a
 * number, or one per layer: the largest counts) KV heads; `<arch>.attention.key_length` and
 * `value_length`, each defaulting to `embedding_length / head_count` (the smallest head count when
 * given per layer). Anything missing or not a positive integer: null (the estimate says "unknown").
 */
export function parseKvShape(modelInfo: Record<string, unknown>): KvShape | null {
  const arch = modelInfo['general.architecture'];
  if (typeof arch !== 'string' || arch === '') return null;
  const key = (name: string): unknown => modelInfo[`${arch}.${name}`];
  const layers = positive(key('block_count'));
  const kvHeads = largest(key('attention.head_count_kv'));
  const heads = smallest(key('attention.head_count'));
  const embedding = positive(key('embedding_length'));
  const headLength = heads !== null && embedding !== null ? Math.floor(embedding / heads) : null;
  const keyLength = positive(key('attention.key_length')) ?? headLength;
  const valueLength = positive(key('attention.value_length')) ?? headLength;
  if (layers === null || kvHeads === null || keyLength === null || valueLength === null) return null;
  if (keyLength === 0 || valueLength === 0) return null;
  return { layers, kvHeads, keyLength, valueLength };
}

/** Bytes of KV cache a context of `contextTokens` needs: every layer keeps K and V for every token. */
export function kvCacheBytes(shape: KvShape, contextTokens: number, bytesPerElement: number): number {
  return Math.round(contextTokens * shape.layers * (shape.keyLength + shape.valueLength) * shape.kvHeads * bytesPerElement);
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function perLayer(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap((item) => (positive(item) === null ? [] : [item as number]));
  const single = positive(value);
  return single === null ? [] : [single];
}

function largest(value: unknown): number | null {
  const values = perLayer(value);
  return values.length === 0 ? null : Math.max(...values);
}

function smallest(value: unknown): number | null {
  const values = perLayer(value);
  return values.length === 0 ? null : Math.min(...values);
}
