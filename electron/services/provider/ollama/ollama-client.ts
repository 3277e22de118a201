import { Ollama } from 'ollama';
import { sameOriginFetch } from '../same-origin-fetch';

export interface BoundClient {
  client: Ollama;
  /** True once the per-call timeout fired (the host did not answer in time). */
  timedOut(): boolean;
}

export interface BoundClientOptions {
  host: string;
  fetch: typeof fetch;
  /** The caller's signal: aborts every request this client makes. */
  signal?: AbortSignal;
  /** Gives up on the whole call after this long. */
  timeoutMs?: number;
  /** Sent with every request (a proxy's Authorization); never logged. */
  headers?: Readonly<Record<string, string>>;
  /** Told every answer ollama-js gets, after the error-body fix (a streamed chat reads its body itself). */
  onResponse?: (response: Response) => void;
}

/**
 * A fresh ollama-js client for one call. Its fetch carries the caller's signal (and an optional
 * timeout) into every request, since ollama-js passes no signal for list/show/non-streamed chat;
 * aborting it touches no other call.
 */
export function createBoundClient(options: BoundClientOptions): BoundClient {
  const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  // Headers may hold a key: redirects stay within the server's origin (same-origin-fetch.ts).
  const hasHeaders = options.headers !== undefined && Object.keys(options.headers).length > 0;
  const baseFetch = hasHeaders ? sameOriginFetch(options.fetch) : options.fetch;
  const boundFetch: typeof fetch = (input, init) => {
    const signals = [init?.signal, options.signal, timeout].filter((signal): signal is AbortSignal => signal instanceof AbortSignal);
    const signal = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    const answer = baseFetch(input, { ...init, signal }).then(jsonErrorBody);
    const { onResponse } = options;
    return onResponse === undefined
      ? answer
      : answer.then((response) => {
          onResponse(response);
          return response;
        });
  };
  return {
    client: new Ollama({ host: options.host, fetch: boundFetch, ...(options.headers ? { headers: { ...options.headers } } : {}) }),
    timedOut: () => timeout?.aborted === true,
  };
}

/**
 * ollama-js prints "Getting text from response" with console.log when an error answer is not JSON
 * (ollama-js src/utils.ts checkOk): a proxy's HTML page, gin's text/plain "404 page not found" from
 * an older Ollama. On stdout that breaks the CLI's --json lines, so such an answer reaches
 * ollama-js as the {"error": …} body it expects, with the same words.
 */
async function jsonErrorBody(response: Response): Promise<Response> {
  if (response.ok) return response;
  const text = await response.text();
  const init = { status: response.status, statusText: response.statusText, headers: { 'Content-Type': 'application/json' } };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string')
      return new Response(text, init);
  } catch {
    // Not JSON: wrapped below.
  }
  const words = text.trim() || `${response.status} ${response.statusText}`.trim();
  return new Response(JSON.stringify({ error: words }), init);
}
