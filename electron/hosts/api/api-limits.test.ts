import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { chunk, reply, standardModels, startFakeOllama, type ReplySource } from '../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { localServer } from '../../services/servers/resolved-server';
import { defaultSettings } from '../../../shared/settings';
import { startApiServer } from './api-server';

const KEY = 'limits-key-0123456789';
const cleanups = cleanupAfterEach();

async function setUp(replies: ReplySource[], limits: { maxStreamBytes?: number; maxConcurrentRequests?: number }) {
  const ollama = await startFakeOllama({ scenario: { name: 'limits', description: 'gateway limits', models: standardModels(), replies } });
  cleanups.defer(() => ollama.close());
  const server = await startApiServer({
    port: 0,
    keyMatches: (given) => given === KEY,
    servers: () => [localServer({ ...defaultSettings(), ollamaHost: ollama.url })],
    listModels: async () => ({ type: 'ok', host: ollama.url, models: [] }),
    limits,
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
});
