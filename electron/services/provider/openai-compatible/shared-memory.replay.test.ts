import { afterEach, describe, expect, it } from 'vitest';
import { openAiReply, startFakeOpenAi, type FakeOpenAi, type OpenAiReply } from '../../../../test-support/fake-openai/index';
import {
  llamaCppExceedContext,
  llamaCppSharedMemoryExhausted,
  llamaCppSharedMemoryExhaustedAfterText,
} from '../../../../test-support/replays/llama-cpp-replays';
import type { Replay } from '../../../../test-support/replays/replay-types';
import { runAgent } from '../../agent/loop/run-agent';
import { createHarness } from '../../agent/testing/run-harness';
import { testRegistry } from '../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from './openai-provider';

/* llama.cpp's shared KV cache running out under concurrent requests is not "the conversation does not fit". */

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const replayed = (replay: Replay): OpenAiReply => ({ type: 'replay', replay });

async function run(replies: OpenAiReply[]) {
  const fake = await startFakeOpenAi({ scenario: { name: 'kv', models: [{ id: 'm', tools: true }], replies } });
  running.push(fake);
  const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192, toolSupport: { m: true } });
  const h = createHarness({ provider, model: 'm', tools: testRegistry(), userText: 'Hello, what is new?' });
  const outcome = await runAgent(h.input);
  return { fake, h, outcome, error: h.of('run-finish')[0]?.error ?? null };
}

describe('"Context size has been exceeded." mid-stream with a prompt that fits the slot', () => {
  it('before any token: the step is tried again and the run completes', async () => {
    const { outcome, h, fake } = await run([replayed(llamaCppSharedMemoryExhausted), openAiReply.text('Second time lucky.')]);

    expect(outcome.reason).toBe('complete');
    expect(h.text()).toBe('Second time lucky.');
    expect(fake.requests.filter((request) => request.body?.['stream'] === true)).toHaveLength(2);
  });

  it('after text was shown: said as the server running out of shared memory, never as a conversation that does not fit', async () => {
    const { outcome, error } = await run([replayed(llamaCppSharedMemoryExhaustedAfterText)]);

    expect(outcome.reason).toBe('provider_error');
    expect(error).toContain('ran out of the memory its parallel slots share');
    expect(error).not.toMatch(/does not fit|new conversation/);
  });

  it('a real overflow (HTTP 400 exceed_context_size_error) is still said as one', async () => {
    const { error } = await run([replayed(llamaCppExceedContext)]);

    expect(error).toContain("does not fit the model's context");
  });
});
