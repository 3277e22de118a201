import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { chunk, reply, standardModels, startFakeOllama, type ReplySource } from '../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { localServer } from '../../services/servers/resolved-server';
import { defaultSettings } from '../../../shared/settings/settings';
import { startApiServer, type ExtraRoute } from './api-server';
import { rawRequest } from './testing/gateway-fixture';

const KEY = 'limits-key-0123456789';
const cleanups = cleanupAfterEach();

async function setUp(
  replies: ReplySource[],
  limits: { maxStreamBytes?: number; maxConcurrentRequests?: number },
  routes: ExtraRoute[] = [],
) {
  const ollama = await startFakeOllama({ scenario: { name: 'limits', description: 'gateway limits', models: standardModels(), replies } });
  cleanups.defer(() => ollama.close());
  const server = await startApiServer({
    port: 0,
    keyMatches: (given) => given === KEY,
    servers: () => [localServer({ ...defaultSettings(), ollamaHost: ollama.url })],
    listModels: async () => ({ type: 'ok', host: ollama.url, models: [] }),
    limits,
    routes,
  });
  cleanups.defer(() => server.close());
  return { server, client: new OpenAI({ baseURL: server.url, apiKey: KEY, maxRetries: 0 }) };
}

describe('the gateway’s caps', () => {
  it('cuts a stream past its byte cap with an error the client raises', async () => {
    const long = 'word '.repeat(2000);
    const { client } = await setUp([reply.text(long)], { maxStreamBytes: 4096 });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [{ role: 'user', content: 'talk' }],
    });
    let text = '';
    const read = (async () => {
      for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
    })();
    await expect(read).rejects.toThrow(/cut the answer off/);
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(long.length);
  });

  it('answers 429 past the concurrent request cap instead of queueing behind a stalled stream', async () => {
    const { client } = await setUp([reply.stall([chunk.content('still going')])], { maxConcurrentRequests: 1 });
    const controller = new AbortController();
    const stalled = await client.chat.completions.create(
      { model: 'llama3.2:3b', stream: true, messages: [{ role: 'user', content: 'go' }] },
      { signal: controller.signal },
    );
    const iterator = stalled[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    await expect(
      client.chat.completions.create({ model: 'llama3.2:3b', messages: [{ role: 'user', content: 'me too' }] }),
    ).rejects.toMatchObject({
      status: 429,
    });
    controller.abort();
    await iterator.next().catch(() => undefined);
  });

  /** Holds the only request slot with a stream that stalls; resolves once its first chunk arrived. */
  async function fillTheSlot(client: OpenAI): Promise<() => Promise<void>> {
    const controller = new AbortController();
    const stalled = await client.chat.completions.create(
      { model: 'llama3.2:3b', stream: true, messages: [{ role: 'user', content: 'go' }] },
      { signal: controller.signal },
    );
    const iterator = stalled[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    return async () => {
      controller.abort();
      await iterator.next().catch(() => undefined);
    };
  }

  it('checks the key before the limit: a caller without it gets 401, never how busy the API is', async () => {
    const { server, client } = await setUp([reply.stall([chunk.content('still going')])], { maxConcurrentRequests: 1 });
    const release = await fillTheSlot(client);
    const answer = await rawRequest(server.port, { headers: { Host: `127.0.0.1:${server.port}` } });
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain('serving');
    await release();
  });

  it('answers to a waiting run (approval, question, depth, cancel) are never refused by the streams that wait for them', async () => {
    const answered: string[] = [];
    const answerRoute: ExtraRoute = async (request) => {
      if (!request.path.startsWith('/v1/taco/')) return null;
      answered.push(request.path);
      return { type: 'json', body: { accepted: true } };
    };
    const { server, client } = await setUp([reply.stall([chunk.content('waiting for you')])], { maxConcurrentRequests: 1 }, [answerRoute]);
    const release = await fillTheSlot(client);
    const headers = { Host: `127.0.0.1:${server.port}`, Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
    for (const path of ['/v1/taco/approvals/a1', '/v1/taco/questions/q1', '/v1/taco/runs/r1/depth', '/v1/taco/runs/r1/cancel']) {
      const answer = await rawRequest(server.port, { method: 'POST', path, headers, body: '{}' });
      expect(answer.status).toBe(200);
    }
    expect(answered).toHaveLength(4);
    // Anything else still waits its turn.
    const other = await rawRequest(server.port, { method: 'POST', path: '/v1/taco/chat/completions', headers, body: '{}' });
    expect(other.status).toBe(429);
    await release();
  });

  it('answers 400, in words, to a path with a malformed percent escape', async () => {
    const { server } = await setUp([], {});
    const headers = { Host: `127.0.0.1:${server.port}`, Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
    for (const [method, path] of [
      ['GET', '/v1/models/%E0%A4%A'],
      ['POST', '/v1/taco/approvals/%zz'],
      ['GET', '/v1/system-prompts/%'],
    ] as const) {
      const answer = await rawRequest(server.port, { method, path, headers, body: method === 'POST' ? '{}' : undefined });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { code: 'invalid_path', message: expect.stringContaining('malformed percent escape') },
      });
    }
  });
});
