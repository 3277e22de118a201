import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk, reply } from '../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { API_KEY, startGatewayFixture } from './testing/gateway-fixture';

const cleanups = cleanupAfterEach();
afterEach(() => vi.restoreAllMocks());

describe('the gateway’s streamed chat to Ollama', () => {
  it('goes over node:http, as the app’s own steps do, not through fetch (gateway_overhead_ms)', async () => {
    const { api, ollama } = await startGatewayFixture(cleanups, {
      ollamaReplies: [reply.chunks([chunk.content('Hello '), chunk.content('there')])],
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = new OpenAI({ baseURL: api.url, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    let text = '';
    for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello there');
    const toOllama = fetchSpy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).startsWith(ollama.url));
    expect(toOllama).toEqual([]);
  });
});
