import type { ModelInfo } from '../../../../shared/models/models';

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

/**
 * The context a server says it runs a model with in /v1/models: vLLM `max_model_len`, llama.cpp
 * `meta.n_ctx` (the slot's context; absent in router mode until the model is loaded). 0 is unknown.
 */
export function contextLengthOf(entry: unknown): number | null {
  if (!isDict(entry)) return null;
  const candidates = [entry.max_model_len, entry.context_length, isDict(entry.meta) ? entry.meta.n_ctx : undefined];
  for (const value of candidates) if (isPositiveInteger(value)) return value;
  return null;
}

/** llama.cpp's `meta.n_ctx_train`: the length the model was trained with, a last resort when the slot's is unknown. */
export function trainingLengthOf(entry: unknown): number | null {
  if (!isDict(entry) || !isDict(entry.meta)) return null;
  return isPositiveInteger(entry.meta.n_ctx_train) ? entry.meta.n_ctx_train : null;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
