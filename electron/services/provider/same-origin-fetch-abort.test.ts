import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { sameOriginFetch } from './same-origin-fetch';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The caller's abort (the openai client's own timeout, a Stop) reaches the fetch underneath even
 * after a garbage collection. A Request's copy of a signal follows it through a weak reference
 * (undici), so a fetch given that copy stopped hearing it once nothing held the Request: a fake
 * server that never answers then hung its test for a minute (CI, 2026-11-27).
 */
it('passes the caller’s own signal down, so an abort after a garbage collection still ends the request', async () => {
  const caller = new AbortController();
  let reached!: () => void;
  const called = new Promise<void>((resolve) => (reached = resolve));
  const fetcher = sameOriginFetch(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted underneath')), { once: true });
        reached();
      }),
  );
  const outcome = fetcher('http://127.0.0.1:9/v1/models', { signal: caller.signal }).then(
    () => 'answered',
    (error: Error) => error.message,
  );
  await called;
  for (let round = 0; round < 5; round += 1) {
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
  }
  caller.abort();
  expect(await outcome).toBe('aborted underneath');
});
