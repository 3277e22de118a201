import { DEFAULTS } from '../../../../../shared/constants';

/** What llama.cpp's `/props` says about a model (tools/server/server-context.cpp handle_props). */
export interface LlamaCppProps {
  /** The slot's context (`default_generation_settings.n_ctx`): the `-c` it was started with, per slot. Null when 0 (router mode, not loaded). */
  slotContext: number | null;
  /** `chat_template_caps.supports_tools`: whether the template renders tools (no slot needed to learn it). Null when absent. */
  supportsTools: boolean | null;
}

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Asks llama.cpp's `/props?model=<id>` (the router picks the model's own instance by `model`; a
 * single-model server ignores it). It answers without a free slot, in milliseconds. Null when the
 * server has no /props (not llama.cpp) or its answer is not llama.cpp's.
 */
export async function readLlamaCppProps(
  fetchFn: typeof fetch,
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  model: string,
): Promise<LlamaCppProps | null> {
  const root = baseUrl.replace(/\/v1\/?$/, '');
  try {
    const response = await fetchFn(`${root}/props?model=${encodeURIComponent(model)}`, {
      headers: { ...headers },
      signal: AbortSignal.timeout(DEFAULTS.servers.connectTimeoutMs),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (!isDict(body) || !isDict(body.default_generation_settings)) return null;
    const nCtx = body.default_generation_settings.n_ctx;
    const caps = isDict(body.chat_template_caps) ? body.chat_template_caps : {};
    return {
      slotContext: typeof nCtx === 'number' && Number.isInteger(nCtx) && nCtx > 0 ? nCtx : null,
      supportsTools: typeof caps.supports_tools === 'boolean' ? caps.supports_tools : null,
    };
  } catch {
    return null;
  }
}
