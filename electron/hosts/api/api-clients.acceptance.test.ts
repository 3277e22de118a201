import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../test-support/fake-ollama/index';
import { openAiReply } from '../../../test-support/fake-openai/index';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { API_KEY, startGatewayFixture } from './testing/gateway-fixture';

/**
 * Real clients nobody here wrote — the official `openai` package and the AI SDK's
 * `@ai-sdk/openai-compatible` provider — talk to TACO's endpoint unchanged, and TACO forwards to the
 * fake Ollama (ollama-js) and to the fake OpenAI-compatible server (`openai`).
 */
const cleanups = cleanupAfterEach();

// Bytes a careless proxy would change: CRLF, tabs, trailing spaces, a BOM-like mark, emoji, quotes.
const SYSTEM_PROMPT = '  You are Continue\'s helper.\r\n\tUse "tools" sparingly.  \n\uFEFF🌮 Ünïcode — ends with spaces   ';

const CALCULATE = {
  type: 'function' as const,
  function: {
    name: 'calculate',
    description: 'Evaluate an arithmetic expression',
    parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
};

function openAiClient(baseURL: string): OpenAI {
  return new OpenAI({ baseURL, apiKey: API_KEY, maxRetries: 0 });
}

describe('the official openai client through TACO', () => {
  it('streams a chat from Ollama with usage; Ollama receives the system prompt byte for byte', async () => {
    const { api, ollama } = await startGatewayFixture(cleanups, { ollamaReplies: [reply.text('Hello from llama.')] });
    const stream = await openAiClient(api.url).chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: 'Say hello' },
      ],
    });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
      expect(chunk.model).toBe('llama3.2:3b');
    }
    expect(text).toBe('Hello from llama.');
    expect(finish).toBe('stop');
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    expect(usage?.completion_tokens).toBeGreaterThan(0);
    const chat = ollama.requests.find((request) => request.path === '/api/chat');
    const messages = chat?.body?.messages as Array<{ role: string; content: string }>;
    expect(messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(messages).toHaveLength(2);
  });

  it('streams a tool call from Ollama and sends the result back with the call it answers', async () => {
    const { api, ollama } = await startGatewayFixture(cleanups, {
      ollamaReplies: [reply.toolCall('calculate', { expression: '6*7' }), reply.text('It is 42.')],
    });
    const client = openAiClient(api.url);
    const first = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      tools: [CALCULATE],
      messages: [{ role: 'user', content: 'What is 6*7?' }],
    });
    const calls: OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall[] = [];
    let finish: string | null = null;
    for await (const chunk of first) {
      calls.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe('tool_calls');
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.function?.name).toBe('calculate');
    expect(JSON.parse(call?.function?.arguments ?? '')).toEqual({ expression: '6*7' });
    expect(call?.id).toMatch(/^call_/);

    const second = await client.chat.completions.create({
      model: 'llama3.2:3b',
      tools: [CALCULATE],
      messages: [
        { role: 'user', content: 'What is 6*7?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: call?.id ?? '', type: 'function', function: { name: 'calculate', arguments: call?.function?.arguments ?? '' } },
          ],
        },
        { role: 'tool', tool_call_id: call?.id ?? '', content: '42' },
      ],
      stream: true,
    });
    let answer = '';
    for await (const chunk of second) answer += chunk.choices[0]?.delta.content ?? '';
    expect(answer).toBe('It is 42.');
    const sent = ollama.requests.filter((request) => request.path === '/api/chat').at(-1)?.body;
    expect(sent?.messages).toEqual([
      { role: 'user', content: 'What is 6*7?' },
      { role: 'assistant', content: '', tool_calls: [{ id: call?.id, function: { name: 'calculate', arguments: { expression: '6*7' } } }] },
      { role: 'tool', content: '42', tool_name: 'calculate', tool_call_id: call?.id },
    ]);
    expect(sent?.tools).toEqual([CALCULATE]);
  });

  it('sends an image to a vision model on Ollama as base64 and answers without streaming', async () => {
    const { api, ollama } = await startGatewayFixture(cleanups);
    const png = Buffer.from('\x89PNG\r\n\x1a\nfake').toString('base64');
    const completion = await openAiClient(api.url).chat.completions.create({
      model: 'gemma3:4b',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
          ],
        },
      ],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gemma3:4b');
    expect(completion.choices[0]?.message.content?.length).toBeGreaterThan(0);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    const sent = ollama.requests.find((request) => request.path === '/api/chat')?.body;
    // Ollama's own OpenAI layer makes each content part a message of its own (openai/openai.go FromChatRequest).
    expect(sent?.messages).toEqual([
      { role: 'user', content: 'What is this?' },
      { role: 'user', content: '', images: [png] },
    ]);
  });

  it('streams a chat and a tool call from the OpenAI-compatible server, with its own token and model name', async () => {
    const { api, openai } = await startGatewayFixture(cleanups, {
      openAiReplies: [openAiReply.text('Hi from the GPU box.'), openAiReply.toolCall('calculate', { expression: '2+2' })],
    });
    const client = openAiClient(api.url);
    const stream = await client.chat.completions.create({
      model: 'gpu-box::tooly',
      stream: true,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: 'Hello' },
      ],
    });
    let text = '';
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      expect(chunk.model).toBe('gpu-box::tooly');
    }
    expect(text).toBe('Hi from the GPU box.');
    const chat = openai.requests.find((request) => request.path === '/v1/chat/completions');
    expect(chat?.headers.authorization).toBe('Bearer remote-server-token-42');
    expect(chat?.body?.model).toBe('tooly');
    expect((chat?.body?.messages as unknown[])[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });

    const withTool = await client.chat.completions.create({
      model: 'gpu-box::tooly',
      stream: true,
      tools: [CALCULATE],
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    let args = '';
    let name = '';
    for await (const chunk of withTool) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
        name += call.function?.name ?? '';
        args += call.function?.arguments ?? '';
      }
    }
    expect(name).toBe('calculate');
    expect(JSON.parse(args)).toEqual({ expression: '2+2' });
  });

  it('lists the models of every enabled server, named as TACO names them', async () => {
    const { api } = await startGatewayFixture(cleanups);
    const ids: string[] = [];
    for await (const model of openAiClient(api.url).models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['llama3.2:3b', 'qwen3:4b', 'gpu-box::tooly', 'gpu-box::plain']));
    await expect(openAiClient(api.url).models.retrieve('gpu-box::tooly')).resolves.toMatchObject({ id: 'gpu-box::tooly', object: 'model' });
    await expect(openAiClient(api.url).models.retrieve('nope:1b')).rejects.toMatchObject({ status: 404 });
  });

  it('reports the server’s real cause in OpenAI’s error shape', async () => {
    const { api } = await startGatewayFixture(cleanups);
    const client = openAiClient(api.url);
    const missing = client.chat.completions.create({ model: 'no-such-model:1b', messages: [{ role: 'user', content: 'hi' }] });
    await expect(missing).rejects.toMatchObject({ status: 404, message: expect.stringContaining('model "no-such-model:1b" not found') });
    const toolsUnsupported = client.chat.completions.create({
      model: 'gemma:2b',
      tools: [CALCULATE],
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expect(toolsUnsupported).rejects.toMatchObject({ status: 400, message: expect.stringContaining('does not support tools') });
    const goneServer = client.chat.completions.create({ model: 'old-box::x', messages: [{ role: 'user', content: 'hi' }] });
    await expect(goneServer).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
  });
});

describe('the AI SDK openai-compatible provider through TACO', () => {
  function provider(baseURL: string) {
    return createOpenAICompatible({ name: 'taco', baseURL, apiKey: API_KEY, includeUsage: true });
  }
  const calculate = tool({
    description: 'Evaluate an arithmetic expression',
    inputSchema: jsonSchema<{ expression: string }>({
      type: 'object',
      properties: { expression: { type: 'string' } },
      required: ['expression'],
    }),
  });

  it('streams a chat and a tool call from Ollama', async () => {
    const { api, ollama } = await startGatewayFixture(cleanups, {
      ollamaReplies: [reply.text('Streaming via the SDK.'), reply.toolCall('calculate', { expression: '3*3' })],
    });
    const chat = streamText({ model: provider(api.url).chatModel('qwen3:4b'), system: SYSTEM_PROMPT, prompt: 'Hi' });
    expect(await chat.text).toBe('Streaming via the SDK.');
    expect((await chat.usage).outputTokens).toBeGreaterThan(0);
    const first = ollama.requests.find((request) => request.path === '/api/chat')?.body?.messages as Array<{ content: string }>;
    expect(first[0]?.content).toBe(SYSTEM_PROMPT);

    const call = streamText({ model: provider(api.url).chatModel('qwen3:4b'), prompt: 'What is 3*3?', tools: { calculate } });
    const toolCalls = await call.toolCalls;
    expect(toolCalls.map((found) => [found.toolName, found.input])).toEqual([['calculate', { expression: '3*3' }]]);
    expect(await call.finishReason).toBe('tool-calls');
  });

  it('streams a chat and a tool call from the OpenAI-compatible server', async () => {
    const { api, openai } = await startGatewayFixture(cleanups, {
      openAiReplies: [openAiReply.text('SDK to the GPU box.'), openAiReply.toolCall('calculate', { expression: '5-1' })],
    });
    const chat = streamText({ model: provider(api.url).chatModel('gpu-box::tooly'), system: SYSTEM_PROMPT, prompt: 'Hi' });
    expect(await chat.text).toBe('SDK to the GPU box.');
    const sent = openai.requests.find((request) => request.path === '/v1/chat/completions')?.body?.messages as Array<{ content: string }>;
    expect(sent[0]?.content).toBe(SYSTEM_PROMPT);

    const call = streamText({ model: provider(api.url).chatModel('gpu-box::tooly'), prompt: 'What is 5-1?', tools: { calculate } });
    expect((await call.toolCalls).map((found) => [found.toolName, found.input])).toEqual([['calculate', { expression: '5-1' }]]);
  });
});
