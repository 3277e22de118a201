import { afterEach, describe, expect, it } from 'vitest';
import {
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type OpenAiReply,
  type OpenAiScenario,
} from '../../../../../test-support/fake-openai/index';
import {
  llamaCppBadHistoryArguments,
  llamaCppEmptyReplyStream,
  llamaCppPegFormatFailure,
  llamaCppRouterUnknownModel,
  llamaCppRouterModelNotLoaded,
} from '../../../../../test-support/replays/llama-cpp-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../../agent/testing/test-tools';
import { ProviderError } from '../../provider-types';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/* What llama.cpp 82bb48500a9a answers about the model's reply and the request, through the real provider and loop. */

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const replayed = (replay: Replay): OpenAiReply => ({ type: 'replay', replay });
const readFile = testTool({ id: 'read_file', parameters: { path: { type: 'string' } } });

async function start(scenario: Partial<OpenAiScenario>, toolSupport: Record<string, boolean> | undefined = { m: true }) {
  const fake = await startFakeOpenAi({ scenario: { name: 'llama-cpp', models: [{ id: 'm', tools: true }], replies: [], ...scenario } });
  running.push(fake);
  const logged: string[] = [];
  const provider = createOpenAiCompatibleProvider({
    baseUrl: fake.baseUrl,
    maxContextTokens: 8192,
    ...(toolSupport ? { toolSupport } : {}),
    log: (message) => logged.push(message),
  });
  return { fake, provider, logged };
}

const streamed = (fake: FakeOpenAi) => fake.requests.filter((request) => request.body?.['stream'] === true);
const lastSent = (fake: FakeOpenAi, index: number): string => {
  const messages = streamed(fake)[index]?.body?.['messages'];
  return Array.isArray(messages) ? String((messages.at(-1) as { content?: unknown }).content) : '';
};

describe('llama.cpp could not read the model output (peg-native format)', () => {
  it('HTTP 500: the model gets one repair turn, as for any unreadable call', async () => {
    const { fake, provider } = await start({ replies: [replayed(llamaCppPegFormatFailure), openAiReply.text('Plain answer instead.')] });
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile), userText: 'Read a.txt' });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(lastSent(fake, 1)).toContain('peg-native format');
  });
});

describe('"Failed to parse tool call arguments as JSON" is the request history, not the model', () => {
  it('no repair turn: the run stops saying TACO sent something wrong, and it is logged', async () => {
    const { fake, provider, logged } = await start({ replies: [replayed(llamaCppBadHistoryArguments), openAiReply.text('never')] });
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile), userText: 'Go on' });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('provider_error');
    expect(h.of('run-finish')[0]?.error).toContain('the request was wrong, not the model');
    expect(streamed(fake)).toHaveLength(1);
    expect(logged.join('\n')).toContain('Failed to parse tool call arguments as JSON');
  });
});

describe('an empty reply: llama.cpp counts the EOS token (completion_tokens 1)', () => {
  it('is asked again as an empty reply, not as 1 token the server dropped', async () => {
    const { fake, provider } = await start({ replies: [replayed(llamaCppEmptyReplyStream), replayed(llamaCppEmptyReplyStream)] });
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile), userText: 'Read a.txt' });

    const outcome = await runAgent(h.input);

    expect(lastSent(fake, 1)).toContain('you ended it before writing anything');
    expect(outcome.reason).toBe('provider_error');
    const error = h.of('run-finish')[0]?.error ?? '';
    expect(error).toContain('answered with nothing twice');
    expect(error).not.toMatch(/dropped|1 tokens/);
  });
});

describe("llama.cpp's router: a model it does not have", () => {
  it('HTTP 400 "model \'nope\' not found" is said as model not found, not as a model without tools', async () => {
    const { provider } = await start({ routes: { 'POST /v1/chat/completions': llamaCppRouterUnknownModel } }, undefined);

    const failure = await provider.capabilities('nope').then(
      () => null,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).kind).toBe('model-not-found');
    expect((failure as ProviderError).message).toContain('has no model “nope”');
  });

  it('HTTP 400 "model is not loaded" (--no-models-autoload) asks to load the model, on the model check and on a step', async () => {
    const { provider } = await start(
      {
        routes: { 'POST /v1/chat/completions': llamaCppRouterModelNotLoaded },
      },
      undefined,
    );

    // A model whose tool support is not set: the model check asks the server.
    const failure = await provider.capabilities('unset').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toContain('Load the model on the server');

    const { provider: known } = await start({ routes: { 'POST /v1/chat/completions': llamaCppRouterModelNotLoaded } });
    const h = createHarness({ provider: known, model: 'm', tools: testRegistry(readFile), userText: 'Read a.txt' });
    await runAgent(h.input);
    expect(h.of('run-finish')[0]?.error).toContain('Load the model on the server');
    expect(h.of('run-finish')[0]?.error).not.toMatch(/tools/i);
  });
});
