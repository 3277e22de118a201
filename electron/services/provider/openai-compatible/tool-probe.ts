import type OpenAI from 'openai';
import { APIError } from 'openai';
import { retryWhileLoading } from './llama-cpp/loading-retry';
import { MODEL_NOT_FOUND, MODEL_NOT_LOADED, serverDetail } from './openai-errors';

/** The tiny request that asks whether a model takes `tools`: one user word, one tool, one token back. */
const PROBE_TOOL = {
  type: 'function' as const,
  function: { name: 'ping', description: 'Answers pong.', parameters: { type: 'object', properties: {}, required: [] } },
};

/**
 * Whether the server accepts `tools` for this model. A 400/422 (vLLM without a tool parser,
 * llama.cpp without --jinja) or an error that names tools means no; anything else that fails
 * (unreachable, 401, 404) is thrown for the caller to say in words (and is not cached).
 */
export async function probeToolSupport(client: OpenAI, model: string, signal: AbortSignal | undefined, host: string): Promise<boolean> {
  try {
    // llama.cpp answers 503 "Loading model" until loaded: wait for it rather than call the model tool-less.
    await retryWhileLoading(host, signal, () =>
      client.chat.completions.create(
        { model, messages: [{ role: 'user', content: 'ping' }], tools: [PROBE_TOOL], max_tokens: 1, stream: false },
        signal ? { signal } : {},
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof APIError && error.status !== undefined) {
      // llama.cpp's router answers 400 for a model it does not have, or has not loaded: that is not "no tools".
      if (MODEL_NOT_FOUND.test(serverDetail(error)) || MODEL_NOT_LOADED.test(serverDetail(error))) throw error;
      if (error.status === 400 || error.status === 422) return false;
      if (error.status >= 500 && /tool/i.test(error.message)) return false;
    }
    throw error;
  }
}
