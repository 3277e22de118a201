import OpenAI from 'openai';
import { DEFAULTS } from '../../../../shared/constants';
import { sameOriginFetch } from '../same-origin-fetch';
import { withSseErrorField } from './stream/sse-error-field';

export interface OpenAiClientOptions {
  /** The API root, e.g. http://127.0.0.1:8000/v1 */
  baseUrl: string;
  /** Sent with every request (Authorization and any the proxy needs). Never logged. */
  headers: Readonly<Record<string, string>>;
  /** Gives up on each request after this long (the client's own timeout). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** True when the headers carry an Authorization (any case): then it is sent as the user set it. */
function hasAuthorization(headers: Readonly<Record<string, string>>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * An `openai` client for one OpenAI-compatible server: our base URL and headers only (never the
 * OPENAI_* environment), no retries of its own (TACO retries a 429/503 once, after Retry-After),
 * and no logging (headers may hold a token). Redirects stay within the server's origin
 * (same-origin-fetch.ts): the headers never follow one elsewhere.
 */
export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl,
    apiKey: DEFAULTS.servers.placeholderApiKey,
    organization: null,
    project: null,
    defaultHeaders: hasAuthorization(options.headers) ? { Authorization: null, ...options.headers } : { ...options.headers },
    maxRetries: 0,
    logLevel: 'off',
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    // Redirects stay on the server's origin (its headers may hold a key); an SSE `error:` field is read.
    fetch: withSseErrorField(sameOriginFetch(options.fetch)),
  });
}
