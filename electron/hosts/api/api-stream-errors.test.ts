import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { chunk, reply } from '../../../test-support/fake-ollama/index';
import { openAiReply } from '../../../test-support/fake-openai/index';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { API_KEY, startGatewayFixture } from './testing/gateway-fixture';

const cleanups = cleanupAfterEach();

async function readAll(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>): Promise<string> {
  let text = '';
  for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
  return text;
}

describe('a server failing mid-stream', () => {
  it('reaches the client as an error with the server’s words, after the text already sent (Ollama)', async () => {
    const { api } = await startGatewayFixture(cleanups, {
      ollamaReplies: [reply.midStreamError('llama runner process has terminated', [chunk.content('Partial ')])],
    });
    const client = new OpenAI({ baseURL: api.url, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expect(readAll(stream)).rejects.toThrow(/llama runner process has terminated/);
  });

  it('reaches the client as an error with the server’s words (OpenAI-compatible)', async () => {
    const { api } = await startGatewayFixture(cleanups, {
      openAiReplies: [openAiReply.midStreamError('Partial ', 'CUDA out of memory')],
    });
    const client = new OpenAI({ baseURL: api.url, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'gpu-box::tooly',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expect(readAll(stream)).rejects.toThrow(/CUDA out of memory/);
  });

  it('a server that is down is a 502 naming it and the network cause', async () => {
    const { api, ollama } = await startGatewayFixture(cleanups);
    await ollama.close();
    const client = new OpenAI({ baseURL: api.url, apiKey: API_KEY, maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'llama3.2:3b', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/could not reach the model server .*ECONNREFUSED/),
    });
  });
});
