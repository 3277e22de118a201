import { DEFAULTS } from '../../../../shared/constants';

/**
 * llama.cpp's `/v1/models` gives `meta.n_ctx_train`, the length the model was trained with; the
 * context its slot really has (the `-c` it was started with, divided among parallel slots) is
 * `default_generation_settings.n_ctx` in `/props` (tools/server/server-context.cpp handle_props).
 * Null when the server has no /props or says nothing usable (then the training length stands).
 */
export async function llamaCppSlotContext(
  fetchFn: typeof fetch,
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
): Promise<number | null> {
  const root = baseUrl.replace(/\/v1\/?$/, '');
  try {
    const response = await fetchFn(`${root}/props`, {
      headers: { ...headers },
      signal: AbortSignal.timeout(DEFAULTS.servers.connectTimeoutMs),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const settings =
      typeof body === 'object' && body !== null ? (body as { default_generation_settings?: unknown }).default_generation_settings : null;
    const nCtx = typeof settings === 'object' && settings !== null ? (settings as { n_ctx?: unknown }).n_ctx : null;
    return typeof nCtx === 'number' && Number.isInteger(nCtx) && nCtx > 0 ? nCtx : null;
  } catch {
    return null;
  }
}

/** A /v1/models entry from llama.cpp: it carries `meta.n_ctx_train`. */
export function isLlamaCppEntry(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const meta = (entry as { meta?: unknown }).meta;
  return typeof meta === 'object' && meta !== null && typeof (meta as { n_ctx_train?: unknown }).n_ctx_train === 'number';
}
