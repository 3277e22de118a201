import { afterEach, describe, expect, it } from 'vitest';
import { openAiReply, startFakeOpenAi, type FakeOpenAi, type OpenAiScenario } from '../../../../../test-support/fake-openai/index';
import {
  llamaCppExceedContext,
  llamaCppLoadingModel,
  llamaCppModelsCaptured,
  llamaCppPropsCaptured,
  llamaCppUnknownPath,
} from '../../../../../test-support/replays/llama-cpp-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import { createOpenAiCompatibleProvider } from '../openai-provider';
import { collect, userSays } from '../../provider-test-helpers';

/*
 * A llama-server restarted with another -c behind a running TACO (4,096 → 2,048 and back): the
 * context is read again from /props (props.raw with its n_ctx), whichever way it changed. LM
 * Studio's own route is asked only of a server that may be LM Studio.
 */

const MODEL = 'model/tiny-chatml.gguf';
const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

/** props.raw as captured (n_ctx 2048), with another slot context. */
function propsWithContext(tokens: number): Replay {
  return {
    ...llamaCppPropsCaptured,
    writes: llamaCppPropsCaptured.writes.map((write) => write.replace('"n_ctx":2048', `"n_ctx":${tokens}`)),
  };
}

async function start(scenario: Partial<OpenAiScenario>) {
  const fake = await startFakeOpenAi({
    scenario: { name: 'restart', models: [{ id: MODEL, tools: true }], replies: [openAiReply.text('ok')], ...scenario },
  });
  running.push(fake);
  const provider = createOpenAiCompatibleProvider({
    baseUrl: fake.baseUrl,
    maxContextTokens: 32_768,
    contextRecheckMs: 0,
    log: () => undefined,
  });
  return { fake, provider };
}

describe('a llama-server restarted with another context', () => {
  for (const [before, after] of [
    [2048, 4096],
    [4096, 2048],
  ] as const) {
    it(`${before} → ${after}: the next request is planned for ${after}`, async () => {
      let restarted = false;
      const { provider } = await start({ routes: { 'GET /props': () => propsWithContext(restarted ? after : before) } });

      expect((await provider.capabilities(MODEL)).contextLength).toBe(before);
      restarted = true;
      expect((await provider.capabilities(MODEL)).contextLength).toBe(after);
    });
  }

  it('a /props that does not answer for a moment (loading) keeps the context known', async () => {
    let loading = false;
    const { provider } = await start({ routes: { 'GET /props': () => (loading ? llamaCppLoadingModel : propsWithContext(4096)) } });

    expect((await provider.capabilities(MODEL)).contextLength).toBe(4096);
    loading = true;
    expect((await provider.capabilities(MODEL)).contextLength).toBe(4096);
  });
});

describe("LM Studio's route is asked only of a server that may be LM Studio", () => {
  const lmStudioAsked = (fake: FakeOpenAi) => fake.requests.some((request) => request.path.startsWith('/api/v0/models'));

  it('a llama-server whose /props failed on the re-read after an overflow is not asked', async () => {
    const { fake, provider } = await start({
      routes: { 'GET /props': (call) => (call === 1 ? llamaCppPropsCaptured : llamaCppLoadingModel) },
      replies: [{ type: 'replay', replay: llamaCppExceedContext }],
    });

    await expect(
      collect(provider.streamChat({ model: MODEL, messages: userSays('hi'), signal: new AbortController().signal })),
    ).rejects.toThrow();

    expect(fake.requests.filter((request) => request.path === '/props').length).toBeGreaterThanOrEqual(2);
    expect(lmStudioAsked(fake)).toBe(false);
  });

  it('a server that lists its models as llama.cpp does (owned_by llamacpp) is not asked, though /props is missing', async () => {
    const { fake, provider } = await start({ routes: { 'GET /props': llamaCppUnknownPath, 'GET /v1/models': llamaCppModelsCaptured } });

    // A name the list does not carry, so its context is not found there either.
    await provider.capabilities('another.gguf').catch(() => undefined);

    expect(lmStudioAsked(fake)).toBe(false);
  });

  it('a server with neither sign is asked (LM Studio answers its loaded context there)', async () => {
    const { fake, provider } = await start({ routes: { 'GET /props': llamaCppUnknownPath } });

    await provider.capabilities(MODEL);

    expect(lmStudioAsked(fake)).toBe(true);
  });
});

describe('llama.cpp serving one model', () => {
  it('answers a chat request under any model name, as the real server does', async () => {
    const { provider } = await start({ anyModelName: true, routes: { 'GET /props': llamaCppPropsCaptured } });

    const chunks = await collect(
      provider.streamChat({ model: 'whatever-name', messages: userSays('hi'), signal: new AbortController().signal }),
    );

    expect(chunks.some((chunk) => chunk.type === 'text')).toBe(true);
  });
});
