import { afterEach, describe, expect, it } from 'vitest';
import {
  llama32,
  qwen3,
  reply,
  standardModels,
  startFakeOllama,
  type FakeModel,
  type FakeOllama,
} from '../../../../../test-support/fake-ollama/index';
import { thinkingOnlySideReply } from '../../../../../test-support/replays/ollama-replays';
import { createOllamaProvider } from '../ollama-provider';
import { ProviderError, type ChatProvider } from '../../provider-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { testRegistry, testTool } from '../../../agent/testing/test-tools';
import { startFakeRun } from '../../../agent/integration/fake-ollama-harness';

/** gpt-oss as `ollama show` describes it: thinking that takes only levels. */
const gptOss: FakeModel = {
  name: 'gpt-oss:20b',
  capabilities: ['completion', 'tools', 'thinking'],
  contextLength: 131_072,
  family: 'gptoss',
};

let fake: FakeOllama | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function start(sideDefault = reply.text('Reading a.txt')): Promise<{ fake: FakeOllama; provider: ChatProvider }> {
  fake = await startFakeOllama({
    scenario: {
      name: 'side-requests',
      description: 'side requests beside steps',
      models: [...standardModels(), gptOss],
      replies: [reply.text('One.'), reply.text('Two.'), reply.text('Three.')],
      sideDefault,
    },
  });
  return { fake, provider: createOllamaProvider({ host: fake.url, maxContextTokens: 32_768 }) };
}

const signal = new AbortController().signal;
const side = (model: string) => ({ model, messages: [{ role: 'user' as const, content: 'Say what you do.' }], maxTokens: 20, signal });
const chatBodies = (server: FakeOllama) =>
  server.requests.filter((request) => request.path === '/api/chat').map((request) => request.body ?? {});

async function drain(provider: ChatProvider, model: string, numCtx?: number): Promise<void> {
  const stream = provider.streamChat({ model, messages: [{ role: 'user', content: 'hi' }], signal, ...(numCtx ? { numCtx } : {}) });
  for await (const chunk of stream) void chunk;
}

describe('side requests (status sentences, titles, context-switch check, workflow parameters)', () => {
  it('turn thinking off explicitly: false for thinking models, "low" for gpt-oss, nothing for the others', async () => {
    const { fake: server, provider } = await start();
    await provider.complete(side(qwen3.name));
    await provider.complete(side(gptOss.name));
    await provider.complete(side(llama32.name));

    const thinks = chatBodies(server).map((body) => ('think' in body ? body['think'] : 'absent'));
    expect(thinks).toEqual([false, 'low', 'absent']);
  });

  it('a reply with only thinking (real Ollama bytes, done_reason "length") fails like any failed call', async () => {
    const { provider } = await start({ type: 'replay', replay: thinkingOnlySideReply });

    const failure = await provider.complete(side(qwen3.name)).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toContain('no text');
  });

  it("send the num_ctx of the model's steps: one num_ctx per model per conversation", async () => {
    const { fake: server, provider } = await start();
    await drain(provider, qwen3.name, 8192);
    await provider.complete(side(qwen3.name));
    await drain(provider, qwen3.name, 8192);
    await provider.complete(side(qwen3.name));
    await drain(provider, qwen3.name, 8192);

    const sent = new Set(chatBodies(server).map((body) => (body['options'] as { num_ctx?: number } | undefined)?.num_ctx));
    expect(chatBodies(server)).toHaveLength(5);
    expect([...sent]).toEqual([8192]);
  });
});

describe('one num_ctx per model per conversation, counted over a real run', () => {
  it("a run with the conversation's num_ctx and a status sentence while a tool runs sends one num_ctx value", async () => {
    let sideAsked: () => void = () => undefined;
    const sideArrived = new Promise<void>((resolve) => (sideAsked = resolve));
    const run = await startFakeRun({
      name: 'one-num-ctx',
      description: 'steps and a side request',
      models: standardModels(),
      replies: [reply.toolCall('read_file', { path: 'a.txt' }), reply.text('It says hi.')],
      sideRules: [
        {
          when: () => {
            sideAsked();
            return true;
          },
          reply: reply.text('Reading a.txt'),
        },
      ],
    });
    fake = run.fake;
    // The tool runs until the status sentence has been asked for (no sleeps: it waits for that request).
    const readFile = testTool({
      id: 'read_file',
      description: 'Read a file.',
      parameters: { path: { type: 'string', description: 'Path.' } },
      run: async () => sideArrived.then(() => 'hi'),
    });
    const h = run.harness({
      tools: testRegistry(readFile),
      model: qwen3.name,
      userText: 'What is in a.txt?',
      conversation: { numCtx: 3072 },
    });

    expect((await runAgent(h.input)).reason).toBe('complete');

    const bodies = chatBodies(run.fake);
    expect(bodies.some((body) => body['stream'] === false)).toBe(true);
    const sent = new Set(bodies.map((body) => (body['options'] as { num_ctx?: number } | undefined)?.num_ctx));
    expect([...sent]).toEqual([3072]);
  });
});
