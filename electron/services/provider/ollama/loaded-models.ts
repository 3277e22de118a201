import type { LoadedModel, ModelInfo } from '../../../../shared/models/models';

/**
 * Ollama `/api/ps`: what the server holds in memory. Shape from ollama/ollama `api/types.go`
 * (`ProcessResponse{models: []ProcessModelResponse}`; `name`, `model`, `size`, `size_vram`,
 * `context_length`). Trust nothing: entries without a name or with a non-numeric size are skipped.
 */
export function parseLoadedModels(response: unknown): Map<string, LoadedModel> {
  const loaded = new Map<string, LoadedModel>();
  const models = isDict(response) && Array.isArray(response.models) ? response.models : [];
  for (const entry of models) {
    if (!isDict(entry)) continue;
    const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : typeof entry.model === 'string' ? entry.model : '';
    const size = count(entry.size);
    if (name === '' || size === null) continue;
    const context = count(entry.context_length);
    loaded.set(name, {
      sizeBytes: size,
      vramBytes: Math.min(count(entry.size_vram) ?? 0, size),
      contextLength: context && context > 0 ? context : null,
    });
  }
  return loaded;
}

/** The list with each model's `loaded` filled in from `/api/ps` (null where it is not loaded). */
export function withLoaded(models: ModelInfo[], loaded: ReadonlyMap<string, LoadedModel> | null): ModelInfo[] {
  if (loaded === null) return models;
  return models.map((model) => ({ ...model, loaded: loaded.get(model.name) ?? null }));
}

function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}
