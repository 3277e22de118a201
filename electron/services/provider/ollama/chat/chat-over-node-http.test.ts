import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunk, reply, standardModels, startFakeOllama, type Scenario } from '../../../../../test-support/fake-ollama/index';
import { collect, userSays } from '../../provider-test-helpers';
import { createOllamaProvider } from '../ollama-provider';
import type { ChatStepRequest } from '../../provider-types';
import {
  closeServersAfterEach,
  itReadsAlike,
  outcomeOf,
  servers,
  serve as serveWith,
  viaFetch,
  type ChatAnswer,
} from '../../../../../test-support/provider/node-http-parity';

/*
 * The streamed step straight over node:http (the provider without an injected fetch) against the
 * same step through ollama-js over Node's fetch (an injected fetch): the same chunks, the same
 * failures in the same words, the same request on the wire.
 */

closeServersAfterEach();

const SHOW = JSON.stringify({ capabilities: ['completion', 'tools'], model_info: { 'llama.context_length': 8192 } });
const serve = (chat: ChatAnswer) => serveWith(SHOW, chat);

const step = (signal = new AbortController().signal): ChatStepRequest => ({ model: 'llama3.2:3b', messages: userSays('hi'), signal });

/** The provider's streamed step: its chunks, or its failure as the user reads it. */
const streamed = (host: string, transport: typeof fetch | undefined, headers?: Record<string, string>): Promise<unknown> =>
  outcomeOf(host, transport, (provider) => collect(provider.streamChat(step())), headers);

const DONE =
  '{"model":"llama3.2:3b","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":3,"eval_count":2}\n';
const TEXT = (text: string): string =>
  `${JSON.stringify({ model: 'llama3.2:3b', message: { role: 'assistant', content: text }, done: false })}\n`;

describe('the streamed step over node:http reads the same as through ollama-js over fetch', () => {
  const script = (replies: Scenario['replies']): Scenario => ({ name: 'direct', description: 'test', models: standardModels(), replies });
  const cases: Array<[string, Scenario['replies']]> = [
    ['a tool call, then done', [reply.toolCall('read_file', { path: 'a.txt' }, { text: 'Reading ' })]],
    ['an answer streamed in pieces', [reply.text('One two three four five.')]],
    ['an {"error"} line mid-stream', [reply.midStreamError('model runner crashed', [chunk.content('partial ')])]],
    ['a body that ends without done', [reply.truncated([chunk.content('partial ')])]],
    ['a socket closed mid-body', [reply.truncated([chunk.content('partial ')], { abrupt: true })]],
    ['an HTTP error before any chunk', [reply.httpError(500, 'llama runner process has terminated')]],
    ['a model that is not there', [reply.httpError(404, 'model "llama3.2:3b" not found, try pulling it first')]],
  ];
  it.each(cases)('%s', async (_name, replies) => {
    const fake = await startFakeOllama({ scenario: script([...replies, ...replies]) });
    servers.push(fake);
    const direct = await streamed(fake.url, undefined);
    expect(direct).toEqual(await streamed(fake.url, viaFetch));
  });

  const answers: Array<[string, (response: ServerResponse) => void]> = [
    ['an error page that is not JSON', (response) => response.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found')],
    [
      'an error with an empty JSON error',
      (response) => response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":""}'),
    ],
    ['an error with an empty body', (response) => response.writeHead(502).end()],
    ['a gzip-encoded answer', (response) => response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(TEXT('zipped') + DONE))],
    ['an answer without a body (204)', (response) => response.writeHead(204).end()],
    [
      'lines split across writes',
      (response) => {
        const whole = TEXT('Grüße ') + TEXT('aus Köln') + DONE;
        response.writeHead(200);
        response.write(Buffer.from(whole).subarray(0, 40));
        setImmediate(() => response.end(Buffer.from(whole).subarray(40)));
      },
    ],
  ];
  itReadsAlike(SHOW, answers, (provider) => collect(provider.streamChat(step())));

  it('sends the same request: URL, method, content type, accept, user agent, the provider header, body', async () => {
    const { url, seen } = await serve((_request, response) => response.end(TEXT('hi') + DONE));
    await streamed(url, undefined, { Authorization: 'Bearer k' });
    await streamed(url, viaFetch, { Authorization: 'Bearer k' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]?.headers.agent).toMatch(/^ollama-js\//);
    expect(seen[0]?.headers.authorization).toBe('Bearer k');
  });

  it('follows a redirect through fetch', async () => {
    const { url, seen } = await serve((request, response) => {
      if (request.url === '/api/chat') response.writeHead(307, { location: '/moved/api/chat' }).end();
      else response.end(TEXT('moved') + DONE);
    });
    const direct = await streamed(url, undefined);
    expect(direct).toEqual(await streamed(url, viaFetch));
    expect(JSON.stringify(direct)).toContain('moved');
    // node:http does not follow it: the step is sent again through fetch, which does (then the fetch-only run).
    expect(seen.map((request) => request.url)).toEqual(['/api/chat', '/api/chat', '/moved/api/chat', '/api/chat', '/moved/api/chat']);
  });
});

describe('the streamed step over node:http: its connection', () => {
  it('does not open a connection per step', async () => {
    const { url, connections } = await serve((_request, response) => response.end(TEXT('hi') + DONE));
    const provider = createOllamaProvider({ host: url, maxContextTokens: 8192 });
    for (let index = 0; index < 6; index += 1) await collect(provider.streamChat(step()));
    // One for the show request (over fetch); the steps share at most two kept-alive sockets
    // (a step may start before the last one's socket is back in the agent's pool).
    expect(connections()).toBeLessThanOrEqual(3);
  });

  it('an abort before the answer ends the step as aborted', async () => {
    const { url, seen } = await serve(() => undefined);
    const provider = createOllamaProvider({ host: url, maxContextTokens: 8192 });
    const controller = new AbortController();
    const reading = collect(provider.streamChat(step(controller.signal)));
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    await expect(reading).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('an abort mid-body ends the step as aborted and closes the connection', async () => {
    let closed = false;
    const { url } = await serve((request, response) => {
      response.writeHead(200);
      response.write(TEXT('first '));
      request.socket.on('close', () => (closed = true));
    });
    const provider = createOllamaProvider({ host: url, maxContextTokens: 8192 });
    const controller = new AbortController();
    const reading = (async () => {
      for await (const part of provider.streamChat(step(controller.signal))) if (part.type === 'text') controller.abort();
    })();
    await expect(reading).rejects.toMatchObject({ kind: 'aborted' });
    await expect.poll(() => closed).toBe(true);
  });
});
