import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userSays } from '../../provider-test-helpers';
import { createOllamaProvider } from '../ollama-provider';
import type { CompleteRequest } from '../../provider-types';
import { promptLongerThanContext, thinkingOnlySideReply } from '../../../../../test-support/replays/ollama-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import {
  closeServersAfterEach,
  itReadsAlike,
  outcomeOf,
  serve as serveWith,
  viaFetch,
  type ChatAnswer,
} from '../../../../../test-support/provider/node-http-parity';

/*
 * Side requests (the non-streamed chat of titles, status sentences, the context-switch check)
 * straight over node:http (the provider without an injected fetch) against the same request
 * through ollama-js over Node's fetch (an injected fetch): the same answer, the same failures in
 * the same words, the same request on the wire.
 */

closeServersAfterEach();
afterEach(() => vi.restoreAllMocks());

const SHOW = JSON.stringify({ capabilities: ['completion'], model_info: { 'llama.context_length': 8192 } });
const serve = (chat: ChatAnswer) => serveWith(SHOW, chat);

const side = (signal = new AbortController().signal): CompleteRequest => ({
  model: 'llama3.2:3b',
  messages: userSays('Write a short title'),
  maxTokens: 24,
  signal,
});

/** The provider's side request: its text, or its failure as the user reads it. */
const completed = (host: string, transport: typeof fetch | undefined, headers?: Record<string, string>): Promise<unknown> =>
  outcomeOf(host, transport, (provider) => provider.complete(side()), headers);

const ANSWER = (content: string): string =>
  JSON.stringify({ model: 'llama3.2:3b', message: { role: 'assistant', content }, done: true, done_reason: 'stop' });

describe('a side request over node:http reads the same as through ollama-js over fetch', () => {
  const answers: Array<[string, (response: ServerResponse) => void]> = [
    ['an answer', (response) => response.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER('Weekend plans'))],
    [
      'an answer split inside a character',
      (response) => {
        const whole = Buffer.from(ANSWER('Grüße aus Köln'));
        const cut = whole.indexOf(Buffer.from('ü')) + 1;
        response.writeHead(200);
        response.write(whole.subarray(0, cut));
        setImmediate(() => response.end(whole.subarray(cut)));
      },
    ],
    ['a gzip-encoded answer', (response) => response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(ANSWER('zipped')))],
    ['an answer with a byte order mark', (response) => response.writeHead(200).end(`\uFEFF${ANSWER('marked')}`)],
    ['an empty answer', (response) => response.writeHead(200).end(ANSWER(''))],
    ['an answer that is not JSON', (response) => response.writeHead(200).end('<html>proxy</html>')],
    ['an answer without a body (204)', (response) => response.writeHead(204).end()],
    ['an error page that is not JSON', (response) => response.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found')],
    [
      'a model that is not there',
      (response) =>
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":"model \\"llama3.2:3b\\" not found, try pulling it first"}'),
    ],
    ['an error with an empty body', (response) => response.writeHead(502).end()],
    [
      'a socket closed mid-body',
      (response) => {
        response.writeHead(200, { 'content-length': '500' });
        response.write(ANSWER('cut').slice(0, 20));
        setImmediate(() => response.socket?.destroy());
      },
    ],
  ];
  itReadsAlike(SHOW, answers, (provider) => provider.complete(side()));

  // Real Ollama's bytes for side requests (their sources are named in test-support/replays/ollama-replays.ts).
  const replayed = (replay: Replay) => (response: ServerResponse) => {
    response.writeHead(replay.status, replay.headers);
    response.end(replay.writes.join(''));
  };
  itReadsAlike(
    SHOW,
    [
      ['replayed: a thinking-only side reply', replayed(thinkingOnlySideReply)],
      ['replayed: a prompt longer than the context (400)', replayed(promptLongerThanContext)],
    ],
    (provider) => provider.complete(side()),
  );

  it('sends the same request: URL, method, content type, accept, user agent, the provider header, body', async () => {
    const { url, seen } = await serve((_request, response) => response.end(ANSWER('hi')));
    await completed(url, undefined, { Authorization: 'Bearer k' });
    await completed(url, viaFetch, { Authorization: 'Bearer k' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
    expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ stream: false, options: { num_predict: 24 } });
  });

  it('follows a redirect through fetch', async () => {
    const { url, seen } = await serve((request, response) => {
      if (request.url === '/api/chat') response.writeHead(307, { location: '/moved/api/chat' }).end();
      else response.end(ANSWER('moved'));
    });
    expect(await completed(url, undefined)).toBe('moved');
    expect(seen.map((request) => request.url)).toEqual(['/api/chat', '/api/chat', '/moved/api/chat']);
  });
});

describe('a side request over node:http', () => {
  it('does not go through fetch (only the model facts do)', async () => {
    const { url } = await serve((_request, response) => response.end(ANSWER('Weekend plans')));
    const fetched = vi.spyOn(globalThis, 'fetch');
    const provider = createOllamaProvider({ host: url, maxContextTokens: 8192 });
    expect(await provider.complete(side())).toBe('Weekend plans');
    expect(await provider.complete(side())).toBe('Weekend plans');
    expect(fetched.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual(['/api/show']);
  });

  it('an abort before the answer ends it as aborted', async () => {
    const { url, seen } = await serve(() => undefined);
    const provider = createOllamaProvider({ host: url, maxContextTokens: 8192 });
    const controller = new AbortController();
    const asking = provider.complete(side(controller.signal));
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    await expect(asking).rejects.toMatchObject({ kind: 'aborted' });
  });
});
