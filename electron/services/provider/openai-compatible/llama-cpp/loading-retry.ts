import { APIError } from 'openai';
import { DEFAULTS } from '../../../../../shared/constants';
import { ProviderError } from '../../provider-types';
import { openAiMessages } from '../openai-messages';
import { waitFor } from '../retry-after';

/** llama.cpp's answer while it loads (tools/server/server-http.cpp middleware_server_state): 503 {"error":{"message":"Loading model",…}}. */
export function isLoadingModel(error: unknown): boolean {
  return error instanceof APIError && error.status === 503 && /loading model/i.test(error.message);
}

/**
 * Runs `call`, and again after each of DEFAULTS.servers.loadingRetryDelaysMs while the server says
 * it is loading the model; after the last one the wait is said in words. Any other failure is
 * thrown as it is.
 */
export async function retryWhileLoading<T>(host: string, signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> {
  const delays = DEFAULTS.servers.loadingRetryDelaysMs;
  let waited = 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!isLoadingModel(error)) throw error;
      const delay = delays[attempt];
      if (delay === undefined) throw new ProviderError('ollama-error', openAiMessages.stillLoading(host, waited), host, 503);
      await waitFor(delay, signal ?? new AbortController().signal);
      waited += delay;
    }
  }
}
