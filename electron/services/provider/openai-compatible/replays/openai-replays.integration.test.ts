import { afterEach, describe, expect, it } from 'vitest';
import {
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type OpenAiReply,
  type OpenAiScenario,
} from '../../../../../test-support/fake-openai/index';
import { llamaCppLoadingModel } from '../../../../../test-support/replays/llama-cpp-replays';
import {
  llamaCppSseErrorField,
  lmStudioLoadedModel,
  vllmLengthMidToolCall,
  vllmMistralBadToolCallId,
  vllmMistralToolCall,
} from '../../../../../test-support/replays/openai-replays';
import { ProviderError, type ChatProvider } from '../../provider-types';
import { providerErrorText } from '../../provider-error-mapping';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/* Real bytes of vLLM and llama.cpp (test-support/replays/openai-replays.ts) through the real openai client and loop. */

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const replayed = (replay: Replay): OpenAiReply => ({ type: 'replay', replay });

async function start(scenario: Partial<OpenAiScenario>) {
  const fake = await startFakeOpenAi({ scenario: { name: 'replays', models: [{ id: 'm', tools: true }], replies: [], ...scenario } });
  running.push(fake);
  return { fake, provider: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192, toolSupport: { m: true } }) };
}

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace.',
    parameters: { path: { type: 'string', description: 'File path relative to the workspace.' } },
    run: (args) => `contents of ${String(args['path'])}`,
  });

describe('vLLM with a Mistral tokenizer', () => {
  it("sends the server's 9-alphanumeric tool-call id back unchanged (vLLM answers 400 to any other)", async () => {
    const { fake, provider } = await start({
      replies: [
        replayed(vllmMistralToolCall),
        (request) => {
          const assistant = request.messages.find((message) => message['role'] === 'assistant');
          const tool = request.messages.find((message) => message['role'] === 'tool');
          const calls = assistant?.['tool_calls'];
          const id = Array.isArray(calls) ? (calls[0] as { id?: unknown } | undefined)?.id : undefined;
          return id === 'aB3dE5gH7' && tool?.['tool_call_id'] === 'aB3dE5gH7'
            ? openAiReply.text('It says hi.')
            : replayed(vllmMistralBadToolCallId);
        },
      ],
    });
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile()), userText: 'What is in a.txt?' });

    const outcome = await runAgent(h.input);

    expect(h.of('run-finish')[0]?.error ?? null).toBeNull();
    expect(outcome.reason).toBe('complete');
    expect(fake.requests.filter((request) => request.body?.['stream'] === true)).toHaveLength(2);
  });
});

const signal = new AbortController().signal;

async function failureOf(provider: ChatProvider, model: string): Promise<unknown> {
  try {
    for await (const chunk of provider.streamChat({ model, messages: [{ role: 'user', content: 'hi' }], signal })) void chunk;
    return null;
  } catch (error) {
    return error;
  }
}

describe('llama.cpp', () => {
  it('waits while it answers 503 "Loading model" (no Retry-After): the tool probe and the step go on once it is loaded', async () => {
    const { fake } = await start({
      replies: [replayed(llamaCppLoadingModel), openAiReply.text('Loaded and answering.')],
      sideReply: (request) => (request.call === 1 ? replayed(llamaCppLoadingModel) : openAiReply.text('pong')),
    });
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192 });
    expect((await provider.capabilities('m')).tools).toBe(true);
    let text = '';
    for await (const chunk of provider.streamChat({ model: 'm', messages: [{ role: 'user', content: 'hi' }], signal }))
      if (chunk.type === 'text') text += chunk.text;
    expect(text).toBe('Loaded and answering.');
  });

  it("an SSE `error:` field mid-stream (older llama.cpp) is surfaced in the server's words, not as an early end", async () => {
    const { provider } = await start({ replies: [replayed(llamaCppSseErrorField)] });
    const error = await failureOf(provider, 'm');
    expect(error).toBeInstanceOf(ProviderError);
    expect(providerErrorText(error)).toContain('KV size');
    expect(providerErrorText(error)).not.toContain('ended early');
  });
});

describe('finish_reason "length" inside a tool call (vLLM)', () => {
  it('the cut call is never run: the model is told and tries again', async () => {
    const ran: unknown[] = [];
    const writeFile = testTool({
      id: 'write_file',
      description: 'Write a file.',
      parameters: { path: { type: 'string', description: 'Path.' }, content: { type: 'string', description: 'Text.' } },
      run: (args) => {
        ran.push(args);
        return 'written';
      },
    });
    const { fake, provider } = await start({
      replies: [replayed(vllmLengthMidToolCall), openAiReply.text('I will keep it shorter: done.')],
    });
    const h = createHarness({ provider, model: 'm', tools: testRegistry(writeFile), userText: 'Write notes.md' });

    const outcome = await runAgent(h.input);

    expect(ran).toEqual([]);
    expect(outcome.reason).toBe('complete');
    const second = fake.requests.filter((request) => request.body?.['stream'] === true)[1]?.body?.['messages'];
    const last = Array.isArray(second) ? (second[second.length - 1] as { content?: string }) : undefined;
    expect(last?.content).toContain('token limit');
  });
});

describe('LM Studio', () => {
  it('plans with the loaded context from /api/v0/models/<id> when /v1/models says nothing', async () => {
    const { provider } = await start({
      models: [{ id: 'qwen2.5-7b-instruct', tools: true }],
      routes: { 'GET /api/v0/models/qwen2.5-7b-instruct': lmStudioLoadedModel },
    });
    await provider.listModels();
    expect((await provider.capabilities('qwen2.5-7b-instruct')).contextLength).toBe(4096);
  });
});
