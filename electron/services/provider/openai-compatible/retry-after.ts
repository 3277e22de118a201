import { APIError } from 'openai';
import { DEFAULTS } from '../../../../shared/constants';

/** Statuses a server uses to say "busy, come back": retried once after Retry-After. */
export function isBusy(error: unknown): error is APIError {
  return error instanceof APIError && (error.status === 429 || error.status === 503);
}

/** The wait a busy answer asks for: `retry-after-ms`, else `Retry-After` (seconds or an HTTP date), else the default. */
export function retryDelayMs(error: APIError, now: number = Date.now()): number {
  const headers = error.headers;
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after');
  if (value) {
    if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.max(0, Number(value) * 1000);
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return DEFAULTS.servers.defaultRetryAfterMs;
}

/** Waits `ms`, or rejects at once when the signal aborts. */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}
