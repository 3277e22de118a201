import { DEFAULTS } from '../../../../../shared/constants';

/** LM Studio's answer: its loaded context, not loaded (null), or this is no LM Studio (404: ask no more). */
export type LmStudioContext = { type: 'context'; tokens: number | null } | { type: 'not-lm-studio' };

/**
 * LM Studio's own REST API (`GET /api/v0/models/<id>`, LM Studio 0.3.6+) describes a model with
 * `state` and, once loaded, `loaded_context_length`: the context the server really runs it with
 * (`max_context_length` is the model's maximum, like llama.cpp's n_ctx_train, and is not used).
 * A 404 means the server is not LM Studio: the caller remembers it and asks no more.
 */
export async function lmStudioLoadedContext(
  fetchFn: typeof fetch,
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  model: string,
): Promise<LmStudioContext> {
  const root = baseUrl.replace(/\/v1\/?$/, '');
  try {
    const response = await fetchFn(`${root}/api/v0/models/${encodeURIComponent(model)}`, {
      headers: { ...headers },
      signal: AbortSignal.timeout(DEFAULTS.servers.connectTimeoutMs),
    });
    if (response.status === 404) return { type: 'not-lm-studio' };
    if (!response.ok) return { type: 'context', tokens: null };
    const body: unknown = await response.json();
    const loaded = typeof body === 'object' && body !== null ? (body as { loaded_context_length?: unknown }).loaded_context_length : null;
    return { type: 'context', tokens: typeof loaded === 'number' && Number.isInteger(loaded) && loaded > 0 ? loaded : null };
  } catch {
    return { type: 'context', tokens: null };
  }
}
