import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTEXT_LENGTH_MESSAGE,
  openAiModels,
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type OpenAiScenario,
} from '../../../../test-support/fake-openai/index';
import { collect, providerFailure, textOf, userSays } from '../provider-test-helpers';
import type { ChatProvider, ProviderChunk } from '../provider-types';
import { createOpenAiCompatibleProvider, type OpenAiCompatibleProviderOptions } from './openai-provider';

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function start(
  scenario: Partial<OpenAiScenario>,
  options: Partial<OpenAiCompatibleProviderOptions> & { requireHeader?: { name: string; value: string } } = {},
): Promise<{ fake: FakeOpenAi; provider: ChatProvider }> {
  const { requireHeader, ...providerOptions } = options;
  const fake = await startFakeOpenAi({
    scenario: { name: 'test', models: [openAiModels.withTools('tooly'), openAiModels.withoutTools('plain')], replies: [], ...scenario },
    ...(requireHeader ? { requireHeader } : {}),
  });
  running.push(fake);
  return { fake, provider: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192, ...providerOptions }) };
}

const step = (provider: ChatProvider, model = 'tooly', signal = new AbortController().signal): Promise<ProviderChunk[]> =>
  collect(provider.streamChat({ model, messages: userSays('hi'), signal }));

const chatRequests = (fake: FakeOpenAi) => fake.requests.filter((request) => request.path === '/v1/chat/completions');

describe('OpenAI-compatible provider over the real openai client', () => {
  it('lists /v1/models', async () => {
    const { provider } = await start({});
    expect((await provider.listModels()).map((model) => model.name)).toEqual(['tooly', 'plain']);
  });

  it('streams text in pieces, then one done with the usage from the include_usage chunk', async () => {
    const { fake, provider } = await start({
      replies: [openAiReply.text('Hello from the server.', { usage: { promptTokens: 42, completionTokens: 7 } })],
    });
    const chunks = await step(provider);
    expect(textOf(chunks)).toBe('Hello from the server.');
    expect(chunks.filter((chunk) => chunk.type === 'text').length).toBeGreaterThan(1);
    expect(chunks.at(-1)).toMatchObject({
      type: 'done',
      usage: { promptTokens: 42, completionTokens: 7, doneReason: 'stop', numCtx: 4096 },
    });
    expect(chunks.filter((chunk) => chunk.type === 'done')).toHaveLength(1);
    const body = chatRequests(fake).find((request) => request.body?.stream === true)?.body;
    expect(body).toMatchObject({ model: 'tooly', stream: true, stream_options: { include_usage: true } });
  });

  it('assembles tool-call deltas split across chunks, by index, and sends tools to a model that takes them', async () => {
    const { fake, provider } = await start({
      replies: [
        openAiReply.toolCalls([
          { name: 'read_file', arguments: { path: 'notes/a long name.txt' } },
          { name: 'list_directory', arguments: { path: '.', depth: 2 } },
        ]),
      ],
    });
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'read_file', description: 'Read.', parameters: { type: 'object' as const, properties: {}, required: [] } },
      },
    ];
    const chunks = await collect(
      provider.streamChat({ model: 'tooly', messages: userSays('read'), tools, signal: new AbortController().signal }),
    );
    expect(chunks.filter((chunk) => chunk.type === 'tool-calls')).toEqual([
      {
        type: 'tool-calls',
        calls: [
          { id: 'call_1_0', function: { name: 'read_file', arguments: { path: 'notes/a long name.txt' } } },
          { id: 'call_1_1', function: { name: 'list_directory', arguments: { path: '.', depth: 2 } } },
        ],
      },
    ]);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', usage: { doneReason: 'tool_calls' } });
    const streamed = chatRequests(fake).find((request) => request.body?.stream === true)?.body;
    expect(streamed?.tools).toEqual([{ type: 'function', function: tools[0]?.function }]);
  });

  it('reasoning_content deltas and <think> blocks (even split across deltas) become thinking', async () => {
    const { provider } = await start({
      replies: [
        openAiReply.thinking('Weigh the options.', 'Pick B.'),
        openAiReply.text('<think>hidden plan</think>Visible answer.', { pieceChars: 3 }),
      ],
    });
    const first = await step(provider);
    expect(textOf(first, 'thinking')).toBe('Weigh the options.');
    expect(textOf(first)).toBe('Pick B.');
    const second = await step(provider);
    expect(textOf(second, 'thinking')).toBe('hidden plan');
    expect(textOf(second)).toBe('Visible answer.');
  });

  it('probes tools once per model (cached), and never sends tools to a model that refuses them', async () => {
    const { fake, provider } = await start({});
    expect((await provider.capabilities('plain')).tools).toBe(false);
    expect((await provider.capabilities('plain')).tools).toBe(false);
    expect((await provider.capabilities('tooly')).tools).toBe(true);
    const probes = chatRequests(fake).filter((request) => request.body?.stream !== true);
    expect(probes.map((request) => request.body?.model)).toEqual(['plain', 'tooly']);
    expect(probes[0]?.body).toMatchObject({ max_tokens: 1, tools: [expect.objectContaining({ type: 'function' })] });
  });

  it("the user's per-model answer wins over the probe", async () => {
    const { fake, provider } = await start({}, { toolSupport: { tooly: false, plain: true } });
    expect((await provider.capabilities('tooly')).tools).toBe(false);
    expect((await provider.capabilities('plain')).tools).toBe(true);
    expect(chatRequests(fake)).toEqual([]);
  });

  it('sends the configured headers on every request (and no placeholder key over them)', async () => {
    const { fake, provider } = await start(
      { replies: [openAiReply.text('ok')] },
      {
        headers: { Authorization: 'Bearer sekrit-token', 'X-Team': 'blue' },
        requireHeader: { name: 'authorization', value: 'Bearer sekrit-token' },
      },
    );
    expect(textOf(await step(provider))).toBe('ok');
    expect(fake.requests.length).toBeGreaterThan(1);
    for (const request of fake.requests) expect(request.headers).toMatchObject({ authorization: 'Bearer sekrit-token', 'x-team': 'blue' });
  });
});

describe('OpenAI-compatible provider: errors in words', () => {
  it('401 without the right token says to check the token, and never repeats it', async () => {
    const { provider } = await start(
      {},
      { headers: { Authorization: 'Bearer wrong-token' }, requireHeader: { name: 'authorization', value: 'Bearer right' } },
    );
    const error = await providerFailure(provider.listModels());
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/HTTP 401.*check the token/);
    expect(error.message).not.toContain('wrong-token');
  });

  it('403 says to check the token', async () => {
    const { provider } = await start({ replies: [openAiReply.httpError(403, 'Forbidden by proxy')] });
    const error = await providerFailure(step(provider));
    expect(error.message).toMatch(/HTTP 403.*check the token/);
  });

  it('404 for a model says which model; 404 for a path says the base URL is wrong', async () => {
    const { fake, provider } = await start({});
    const missing = await providerFailure(step(provider, 'no-such-model'));
    expect(missing.kind).toBe('model-not-found');
    expect(missing.message).toContain('“no-such-model”');
    const wrongPath = createOpenAiCompatibleProvider({ baseUrl: `${fake.url}/api`, maxContextTokens: 8192 });
    const error = await providerFailure(wrongPath.listModels());
    expect(error.message).toMatch(/no OpenAI-compatible API.*ends in \/v1/);
  });

  it('429 with Retry-After is retried once after the delay, then the answer streams', async () => {
    const { fake, provider } = await start({
      replies: [openAiReply.httpError(429, 'Rate limit reached', 0), openAiReply.text('after the wait')],
    });
    expect(textOf(await step(provider))).toBe('after the wait');
    expect(chatRequests(fake).filter((request) => request.body?.stream === true)).toHaveLength(2);
  });

  it('503 twice: retried once, then said in words', async () => {
    const { fake, provider } = await start({
      replies: [
        openAiReply.httpError(503, 'Service temporarily overloaded', 0),
        openAiReply.httpError(503, 'Service temporarily overloaded', 0),
      ],
    });
    const error = await providerFailure(step(provider));
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/busy \(HTTP 503\); TACO waited .* tried once more/);
    expect(chatRequests(fake).filter((request) => request.body?.stream === true)).toHaveLength(2);
  });

  it('a Retry-After longer than TACO waits is not retried', async () => {
    const { fake, provider } = await start({ replies: [openAiReply.httpError(429, 'Slow down', 3600)] });
    const error = await providerFailure(step(provider));
    expect(error.message).toMatch(/asks to wait 3600 s/);
    expect(chatRequests(fake).filter((request) => request.body?.stream === true)).toHaveLength(1);
  });

  it('a context-length error says to raise the context or use fewer tools', async () => {
    const { provider } = await start({ replies: [openAiReply.contextLength()] });
    const error = await providerFailure(step(provider));
    expect(error.message).toContain("does not fit the model's context");
    expect(error.message).toContain(CONTEXT_LENGTH_MESSAGE.slice(0, 40));
    expect(error.message).toMatch(/Raise the server's context size.*turn off some tools/);
  });

  it('an error chunk mid-stream is said in the server words', async () => {
    const { provider } = await start({ replies: [openAiReply.midStreamError('Partial', 'CUDA out of memory')] });
    const error = await providerFailure(step(provider));
    expect(error.message).toMatch(/reported an error while answering: CUDA out of memory/);
  });

  it('a stream that closes without finishing is an early end', async () => {
    const { fake, provider } = await start({ replies: [openAiReply.stall('half')] });
    const chunks: ProviderChunk[] = [];
    const failure = providerFailure(
      (async () => {
        for await (const chunk of provider.streamChat({ model: 'tooly', messages: userSays('hi'), signal: new AbortController().signal })) {
          chunks.push(chunk);
          if (chunk.type === 'text') void fake.close();
        }
      })(),
    );
    expect((await failure).kind).toBe('incomplete-stream');
  });

  it('Stop mid-stream: the abort ends the step as aborted and closes the connection', async () => {
    const { provider } = await start({ replies: [openAiReply.stall('thinking about it')] });
    const controller = new AbortController();
    const seen: ProviderChunk[] = [];
    const failure = providerFailure(
      (async () => {
        for await (const chunk of provider.streamChat({ model: 'tooly', messages: userSays('hi'), signal: controller.signal })) {
          seen.push(chunk);
          if (chunk.type === 'text') controller.abort();
        }
      })(),
    );
    expect((await failure).kind).toBe('aborted');
    expect(textOf(seen)).toBe('thinking about it');
  });

  it('refused, DNS and TLS failures each say what failed', async () => {
    const failing = (code: string) =>
      createOpenAiCompatibleProvider({
        baseUrl: 'https://models.example.test/v1',
        maxContextTokens: 8192,
        fetch: () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error(`${code} failure`), { code }) })),
      });
    expect((await providerFailure(failing('ECONNREFUSED').listModels())).message).toMatch(/refused the connection/);
    expect((await providerFailure(failing('ENOTFOUND').listModels())).message).toMatch(/could not be resolved \(DNS\)/);
    expect((await providerFailure(failing('DEPTH_ZERO_SELF_SIGNED_CERT').listModels())).message).toMatch(
      /secure connection .* failed \(TLS/,
    );
    const fake = await startFakeOpenAi({ scenario: { name: 'gone', models: [], replies: [] } });
    const url = fake.baseUrl;
    await fake.close();
    const closed = createOpenAiCompatibleProvider({ baseUrl: url, maxContextTokens: 8192 });
    expect((await providerFailure(closed.listModels())).kind).toBe('unreachable');
  });

  it('a host that never answers is timed out by the connect timeout', async () => {
    const provider = createOpenAiCompatibleProvider({
      baseUrl: 'http://127.0.0.1:9/v1',
      maxContextTokens: 8192,
      connectTimeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error), { once: true }),
        ),
    });
    const error = await providerFailure(provider.listModels());
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/did not answer within 1 seconds/);
  });
});

describe('OpenAI-compatible provider: side requests', () => {
  it('complete() answers from a non-streamed call without <think> text', async () => {
    const { provider } = await start({ sideReply: openAiReply.text('<think>x</think> Reading the file') });
    expect(
      await provider.complete({ model: 'tooly', messages: userSays('status?'), maxTokens: 20, signal: new AbortController().signal }),
    ).toBe('Reading the file');
    void vi;
  });
});
