import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import { chunk, reply } from '../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { callService, runOf } from '../../services/app/testing/service-calls';
import { startApiHost } from './api-host';
import { API_KEY, startGatewayFixture } from './testing/gateway-fixture';

const cleanups = cleanupAfterEach();

describe('gateway clients and the app’s own conversations', () => {
  it('a gateway stream that never ends does not hold up a conversation in the app', async () => {
    const { api, services, ollama } = await startGatewayFixture(cleanups, {
      ollamaReplies: [reply.stall([chunk.content('Thinking forever')]), reply.text('The app still answers.')],
    });
    const controller = new AbortController();
    const client = new OpenAI({ baseURL: api.url, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create(
      { model: 'llama3.2:3b', stream: true, messages: [{ role: 'user', content: 'go on' }] },
      { signal: controller.signal },
    );
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);

    const run = runOf(await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Hello', model: 'llama3.2:3b' }));
    const finish = await services.waitForRun(run.runId);
    expect(finish.reason).toBe('complete');

    controller.abort();
    const after = await iterator.next().catch(() => ({ done: true }));
    expect(after.done).toBe(true);
    const chats = ollama.requests.filter((request) => request.path === '/api/chat' && request.body?.stream !== false);
    expect(chats).toHaveLength(2);
  });

  it('a client that goes away aborts its request to the server, freeing the server’s slot', async () => {
    const { services, dataDir } = await startGatewayFixture(cleanups, {
      ollamaReplies: [reply.stall([chunk.content('Thinking forever')])],
    });
    const upstream: AbortSignal[] = [];
    const api = await startApiHost({
      port: 0,
      key: API_KEY,
      dataDir,
      services,
      fetch: (input, init) => {
        if (init?.signal && String(input).endsWith('/api/chat')) upstream.push(init.signal);
        return fetch(input, init);
      },
    });
    cleanups.defer(() => api.close());
    const controller = new AbortController();
    const stream = await new OpenAI({ baseURL: api.url, apiKey: API_KEY, maxRetries: 0 }).chat.completions.create(
      { model: 'llama3.2:3b', stream: true, messages: [{ role: 'user', content: 'go on' }] },
      { signal: controller.signal },
    );
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    expect(upstream).toHaveLength(1);
    const signal = upstream[0] as AbortSignal;
    const aborted = signal.aborted
      ? Promise.resolve()
      : new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    controller.abort();
    await aborted;
    expect(signal.aborted).toBe(true);
  });
});
