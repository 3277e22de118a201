import { afterEach, describe, expect, it } from 'vitest';
import { openAiReply, startFakeOpenAi, type FakeOpenAi, type OpenAiScenario } from '../../../../../test-support/fake-openai/index';
import {
  llamaCppExceedContext,
  llamaCppLoadingModel,
  llamaCppModelsCaptured,
  llamaCppPropsCapped4096,
  llamaCppPropsCaptured,
  llamaCppUnknownPath,
} from '../../../../../test-support/replays/llama-cpp-replays';
import { lmStudioLoadedModel } from '../../../../../test-support/replays/openai-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry } from '../../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/* The slot's real context, from captures of llama.cpp 82bb48500a9a (test-support/replays/llama-cpp/), whatever path the model came from. */

const MODEL = 'model/tiny-chatml.gguf';
const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function start(scenario: Partial<OpenAiScenario>) {
  const fake = await startFakeOpenAi({ scenario: { name: 'llama-cpp', models: [{ id: MODEL, tools: true }], replies: [], ...scenario } });
  running.push(fake);
  const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 32_768 });
  return { fake, provider };
}

const asked = (fake: FakeOpenAi, path: string) => fake.requests.filter((request) => request.path.startsWith(path));

describe("llama.cpp: the slot's context, whatever path the model came from", () => {
  it('a model named without a listing (--model, the API) is planned with /props, and LM Studio is not asked', async () => {
    const { fake, provider } = await start({ routes: { 'GET /props': llamaCppPropsCaptured, 'GET /v1/models': llamaCppModelsCaptured } });

    expect((await provider.capabilities(MODEL)).contextLength).toBe(2048);
    expect(asked(fake, '/api/v0/models')).toEqual([]);
  });

  it("/v1/models' meta.n_ctx (the slot) wins over meta.n_ctx_train when /props is not there", async () => {
    const { provider } = await start({ routes: { 'GET /props': llamaCppUnknownPath, 'GET /v1/models': llamaCppModelsCaptured } });
    await provider.listModels();

    expect((await provider.capabilities(MODEL)).contextLength).toBe(2048);
  });

  it('the tools question is answered by /props chat_template_caps.supports_tools: no probe takes the slot', async () => {
    const { fake, provider } = await start({ routes: { 'GET /props': llamaCppPropsCaptured } });

    expect((await provider.capabilities(MODEL)).tools).toBe(true);
    expect(fake.requests.filter((request) => request.path === '/v1/chat/completions')).toEqual([]);
  });

  it('a server restarted with a smaller context: the 400 makes TACO read /props again, fit the conversation to it and go on', async () => {
    const routes: Record<string, Replay> = { 'GET /props': llamaCppPropsCapped4096 };
    const { fake, provider } = await start({
      routes,
      replies: [
        () => {
          routes['GET /props'] = llamaCppPropsCaptured; // now -c 2048
          return { type: 'replay', replay: llamaCppExceedContext };
        },
        openAiReply.text('Fitted and answering.'),
      ],
    });
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(), userText: 'Hi there, a question' });

    const outcome = await runAgent(h.input);

    expect(h.of('run-finish')[0]?.error ?? null).toBeNull();
    expect(outcome.reason).toBe('complete');
    expect(h.text()).toBe('Fitted and answering.');
    expect(h.of('status').map((event) => event.text)).toContain("The server's context is 2048 tokens, fitting the conversation to it...");
    expect(h.of('usage').at(-1)?.contextTokens).toBe(2048);
    expect(asked(fake, '/props').length).toBeGreaterThanOrEqual(2);
  });
});

describe('LM Studio is asked only where the server may be LM Studio', () => {
  it('a server that answered 404 once is not asked again for another model', async () => {
    const { fake, provider } = await start({
      models: [
        { id: 'a', tools: true },
        { id: 'b', tools: true },
      ],
    });
    const answered = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192, toolSupport: { a: true, b: true } });
    void provider;

    await answered.capabilities('a');
    await answered.capabilities('b');

    expect(asked(fake, '/api/v0/models')).toHaveLength(1);
  });

  it('LM Studio itself still gives its loaded context', async () => {
    const { provider } = await start({
      models: [{ id: 'qwen2.5-7b-instruct', tools: true }],
      routes: { 'GET /api/v0/models/qwen2.5-7b-instruct': lmStudioLoadedModel },
    });
    expect((await provider.capabilities('qwen2.5-7b-instruct')).contextLength).toBe(4096);
  });
});

describe('listing models while llama.cpp loads', () => {
  it('/v1/models answering 503 "Loading model" is waited out as a step is', async () => {
    const { provider } = await start({
      routes: { 'GET /v1/models': (call) => (call === 1 ? llamaCppLoadingModel : llamaCppModelsCaptured) },
    });

    expect((await provider.listModels()).map((model) => model.name)).toEqual([MODEL]);
  });
});
