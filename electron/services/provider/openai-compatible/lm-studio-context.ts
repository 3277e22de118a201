import { DEFAULTS } from '../../../../shared/constants';

/**
 * LM Studio's own REST API (`GET /api/v0/models/<id>`, LM Studio 0.3.6+) describes a model with
 * `state` and, once loaded, `loaded_context_length`: the context the server really runs it with
 * (`max_context_length` is the model's maximum, like llama.cpp's n_ctx_train, and is not used).
 * Asked only when `/v1/models` said nothing about the context; null on any other server (404) or
 * any failure.
 */
export async function lmStudioLoadedContext(
  fetchFn: typeof fetch,
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  model: string,
): Promise<number | null> {
  const root = baseUrl.replace(/\/v1\/?$/, '');
  try {
    const response = await fetchFn(`${root}/api/v0/models/${encodeURIComponent(model)}`, {
      headers: { ...headers },
      signal: AbortSignal.timeout(DEFAULTS.servers.connectTimeoutMs),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const loaded = typeof body === 'object' && body !== null ? (body as { loaded_context_length?: unknown }).loaded_context_length : null;
    return typeof loaded === 'number' && Number.isInteger(loaded) && loaded > 0 ? loaded : null;
  } catch {
    return null;
  }
}
