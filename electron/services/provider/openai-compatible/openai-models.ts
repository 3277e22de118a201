import type { ModelInfo } from '../../../../shared/models';

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** /v1/models entries → ModelInfo (nothing about size or family is known from this API). */
export function parseOpenAiModels(entries: readonly unknown[]): ModelInfo[] {
  return entries.flatMap((entry): ModelInfo[] => {
    if (!isDict(entry) || typeof entry.id !== 'string' || entry.id === '') return [];
    return [
      {
        name: entry.id,
        sizeBytes: 0,
        family: typeof entry.owned_by === 'string' ? entry.owned_by : null,
        parameterSize: null,
        quantization: null,
        capabilities: null,
      },
    ];
  });
}

/** The context length some servers report in /v1/models: vLLM `max_model_len`, llama.cpp `meta.n_ctx_train`. */
export function contextLengthOf(entry: unknown): number | null {
  if (!isDict(entry)) return null;
  const candidates = [entry.max_model_len, entry.context_length, isDict(entry.meta) ? entry.meta.n_ctx_train : undefined];
  for (const value of candidates) if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  return null;
}
