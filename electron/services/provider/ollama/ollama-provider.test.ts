import { describe, expect, it } from 'vitest';
import { reply, standardModels, type Scenario } from '../../../../test-support/fake-ollama/index';
import { DEFAULTS } from '../../../../shared/constants';
import { collect, lastChatBody, requestsTo, textOf, useFakeOllama, userSays } from '../provider-test-helpers';
import type { ToolDefinition } from '../provider-types';
import { createOllamaProvider } from './ollama-provider';

const start = useFakeOllama();
const signal = (): AbortSignal => new AbortController().signal;

const readFile: ToolDefinition = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a file in the workspace',
    parameters: { type: 'object', properties: { path: { type: 'string', description: 'Relative path' } }, required: ['path'] },
  },
};

function script(partial: Partial<Scenario>): Scenario {
  return { name: 'provider-test', description: 'test', models: standardModels(), replies: [], ...partial };
}

describe('ollama provider: models', () => {
  it('lists models from /api/tags with their details and capabilities', async () => {
    const { provider } = await start('basic-chat');
    const models = await provider.listModels();
    expect(models.map((model) => model.name)).toEqual(['llama3.2:3b', 'qwen3:4b', 'gemma:2b']);
    expect(models[0]).toEqual({
      name: 'llama3.2:3b',
      sizeBytes: 2_019_393_189,
      family: 'llama',
      parameterSize: '3.2B',
      quantization: 'Q4_K_M',
      capabilities: ['completion', 'tools'],
      loaded: null,
    });
  });

  it('says which models are in memory and how much of each is on the GPU, from /api/ps', async () => {
    const models = [
      {
        name: 'big:8b',
        capabilities: ['completion' as const],
        contextLength: 8192,
        sizeBytes: 6_000,
        loaded: { vramBytes: 4_500, contextLength: 8192 },
      },
      { name: 'small:1b', capabilities: ['completion' as const], contextLength: 8192, sizeBytes: 1_000 },
    ];
    const { fake, provider } = await start(script({ models }));
    const listed = await provider.listModels();
    expect(listed.map((model) => [model.name, model.loaded])).toEqual([
      ['big:8b', { sizeBytes: 6_000, vramBytes: 4_500, contextLength: 8192 }],
      ['small:1b', null],
    ]);
    expect(requestsTo(fake, '/api/ps')).toHaveLength(1);
  });

  it('still lists the models when /api/ps fails (an older server or a proxy that refuses it)', async () => {
    const { provider } = await start('basic-chat', {
      fetch: (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).endsWith('/api/ps') ? Promise.resolve(new Response('forbidden', { status: 403 })) : fetch(input, init),
    });
    const models = await provider.listModels();
    expect(models.map((model) => [model.name, model.loaded])).toEqual([
      ['llama3.2:3b', undefined],
      ['qwen3:4b', undefined],
      ['gemma:2b', undefined],
    ]);
  });

  it('reads capabilities and context length from /api/show, once per model', async () => {
    const { fake, provider } = await start('basic-chat');
    const [first, concurrent] = await Promise.all([provider.capabilities('qwen3:4b'), provider.capabilities('qwen3:4b')]);
    expect(first).toEqual({
      tools: true,
      thinking: true,
      vision: false,
      contextLength: 40_960,
      kvShape: { layers: 28, kvHeads: 8, keyLength: 128, valueLength: 128 },
    });
    expect(concurrent).toEqual(first);
    await provider.capabilities('qwen3:4b');
    await collect(provider.streamChat({ model: 'qwen3:4b', messages: userSays('hi'), signal: signal() }));
    await provider.complete({ model: 'qwen3:4b', messages: userSays('hi'), maxTokens: 20, signal: signal() });
    await collect(provider.streamChat({ model: 'gemma:2b', messages: userSays('hi'), signal: signal() }));
    const shows = requestsTo(fake, '/api/show').map((request) => request.body?.model);
    expect(shows).toEqual(['qwen3:4b', 'gemma:2b']);
  });

  it('gives a model without a reported context length the fallback, capped by the limit', async () => {
    const models = [{ name: 'plain:1b', capabilities: ['completion' as const], contextLength: null }];
    const { fake, provider } = await start(script({ models, whenExhausted: reply.text('ok') }), { maxContextTokens: 65_536 });
    expect((await provider.capabilities('plain:1b')).contextLength).toBeNull();
    await collect(provider.streamChat({ model: 'plain:1b', messages: userSays('hi'), signal: signal() }));
    expect(lastChatBody(fake).options).toEqual({ num_ctx: DEFAULTS.fallbackContextTokens });
  });
});

describe('ollama provider: what streamChat sends', () => {
  it('always sends num_ctx = min(model context, maxContextTokens)', async () => {
    const { fake, provider } = await start('basic-chat');
    await collect(provider.streamChat({ model: 'llama3.2:3b', messages: userSays('hi'), signal: signal() }));
    expect(lastChatBody(fake).options).toEqual({ num_ctx: 8192 });
    await collect(provider.streamChat({ model: 'gemma:2b', messages: userSays('hi'), signal: signal() }));
    expect(lastChatBody(fake).options).toEqual({ num_ctx: 2048 });
  });

  it('sends think: true only to thinking models, and never a think key otherwise', async () => {
    const { fake, provider } = await start('basic-chat');
    await collect(provider.streamChat({ model: 'qwen3:4b', messages: userSays('hi'), signal: signal() }));
    expect(lastChatBody(fake).think).toBe(true);
    await collect(provider.streamChat({ model: 'llama3.2:3b', messages: userSays('hi'), signal: signal() }));
    expect('think' in lastChatBody(fake)).toBe(false);
  });

  it('sends tools to tools models and strips them for others', async () => {
    const { fake, provider } = await start('basic-chat');
    await collect(provider.streamChat({ model: 'llama3.2:3b', messages: userSays('hi'), tools: [readFile], signal: signal() }));
    expect(lastChatBody(fake).tools).toEqual([readFile]);
    const chunks = await collect(provider.streamChat({ model: 'gemma:2b', messages: userSays('hi'), tools: [readFile], signal: signal() }));
    expect('tools' in lastChatBody(fake)).toBe(false);
    expect(chunks.at(-1)?.type).toBe('done');
  });

  it('sends the conversation as given, tool calls and tool results included', async () => {
    const { fake, provider } = await start('basic-chat');
    const messages = [
      { role: 'system' as const, content: 'You are TACO.' },
      ...userSays('read a.txt'),
      { role: 'assistant' as const, content: '', tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a.txt' } } }] },
      { role: 'tool' as const, content: 'hello', tool_name: 'read_file' },
    ];
    await collect(provider.streamChat({ model: 'llama3.2:3b', messages, tools: [readFile], signal: signal() }));
    expect(lastChatBody(fake).messages).toEqual(messages);
    expect(lastChatBody(fake).stream).toBe(true);
  });
});

describe('ollama provider: what streamChat yields', () => {
  it('yields text as it arrives, then one done with usage from the final chunk', async () => {
    const { fake } = await start(script({ replies: [reply.text('One two three four.')] }));
    // The reply's NDJSON lines are handed to the provider one at a time, each only once the test
    // has seen what the previous line yielded: a chunk that is yielded before the next line even
    // exists was yielded as it arrived. No clock involved.
    let seenCount = 0;
    let wake: () => void = () => {};
    const seenOne = (): void => {
      seenCount += 1;
      wake();
    };
    const paced: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/api/chat')) return response;
      const lines = (await response.text()).split(/(?<=\n)/);
      const encoder = new TextEncoder();
      let sent = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            while (seenCount < sent) await new Promise<void>((done) => (wake = done));
            const line = lines[sent++];
            if (line === undefined) controller.close();
            else controller.enqueue(encoder.encode(line));
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const provider = createOllamaProvider({ host: fake.url, maxContextTokens: 8192, fetch: paced });
    const seen: string[] = [];
    for await (const chunk of provider.streamChat({ model: 'llama3.2:3b', messages: userSays('hi'), signal: signal() })) {
      seen.push(chunk.type === 'text' ? chunk.text : chunk.type);
      seenOne();
    }
    expect(seen).toEqual(['One ', 'two ', 'three ', 'four.', 'done']);
  });

  it('merges the lines of a burst (a stream faster than it is read) into one text chunk, text intact', async () => {
    const { provider } = await start('basic-chat');
    const chunks = await collect(provider.streamChat({ model: 'llama3.2:3b', messages: userSays('hi'), signal: signal() }));
    expect(chunks.filter((chunk) => chunk.type === 'text').length).toBeLessThan(10);
    expect(textOf(chunks)).toBe('Hello! How can I help you today?');
    expect(chunks.filter((chunk) => chunk.type === 'done')).toHaveLength(1);
    expect(chunks.at(-1)).toEqual({
      type: 'done',
      usage: {
        promptTokens: 26,
        completionTokens: 10,
        evalDurationNs: 200_000_000,
        totalDurationNs: 450_000_000,
        doneReason: 'stop',
        numCtx: 8192,
      },
    });
  });

  it('yields thinking before text for a thinking model', async () => {
    const { provider } = await start('thinking');
    const chunks = await collect(provider.streamChat({ model: 'qwen3:4b', messages: userSays('hi'), signal: signal() }));
    expect(textOf(chunks, 'thinking')).toContain('The user greets me');
    expect(textOf(chunks)).toBe('Hi there! What would you like to do?');
    const lastThinking = chunks.findLastIndex((chunk) => chunk.type === 'thinking');
    const firstText = chunks.findIndex((chunk) => chunk.type === 'text');
    expect(lastThinking).toBeLessThan(firstText);
  });

  it('yields tool calls with their arguments', async () => {
    const { provider } = await start(
      script({ replies: [reply.toolCall('read_file', { path: 'a.txt', lines: 10 }, { text: 'Let me look.' })] }),
    );
    const chunks = await collect(
      provider.streamChat({ model: 'llama3.2:3b', messages: userSays('read a.txt'), tools: [readFile], signal: signal() }),
    );
    expect(chunks.map((chunk) => chunk.type)).toEqual(['text', 'tool-calls', 'done']);
    expect(textOf(chunks)).toBe('Let me look.');
    expect(chunks[1]).toEqual({
      type: 'tool-calls',
      calls: [{ function: { name: 'read_file', arguments: { path: 'a.txt', lines: 10 } } }],
    });
  });
});

describe('ollama provider: complete', () => {
  it('sends a non-streamed request with num_predict and num_ctx, no tools, and thinking off (Ollama 0.12.4+ turns a missing think on)', async () => {
    const { fake, provider } = await start(script({ sideDefault: reply.text('Reading the config file') }));
    const text = await provider.complete({ model: 'qwen3:4b', messages: userSays('describe read_file'), maxTokens: 20, signal: signal() });
    expect(text).toBe('Reading the config file');
    const body = lastChatBody(fake);
    expect(body.stream).toBe(false);
    expect(body.options).toEqual({ num_ctx: 8192, num_predict: 20 });
    expect(body.think).toBe(false);
    expect('tools' in body).toBe(false);
  });
});
