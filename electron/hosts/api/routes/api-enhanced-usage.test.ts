import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { enhancedRoutes } from './enhanced-routes';
import { API_KEY, startGatewayFixture } from '../testing/gateway-fixture';

const cleanups = cleanupAfterEach();

describe('/v1/taco/chat/completions and stream_options.include_usage', () => {
  it('ends the stream with a usage chunk (no choices) summing the run, as OpenAI does', async () => {
    const { api } = await startGatewayFixture(cleanups, { routes: enhancedRoutes, ollamaReplies: [reply.text('Plain answer.')] });
    const client = new OpenAI({ baseURL: `${api.url}/taco`, apiKey: API_KEY, maxRetries: 0 });

    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const chunks = [];
    for await (const part of stream) chunks.push(part);

    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.completion_tokens).toBeGreaterThan(0);
    expect(last?.usage?.total_tokens).toBe((last?.usage?.prompt_tokens ?? 0) + (last?.usage?.completion_tokens ?? 0));
  });
});
