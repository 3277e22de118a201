import { afterEach, describe, expect, it } from 'vitest';
import {
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type OpenAiReply,
  type OpenAiReplySource,
} from '../../../../../test-support/fake-openai/index';
import {
  llamaCppExceedContext,
  llamaCppSharedMemoryExhausted,
  llamaCppSharedMemoryExhaustedAfterText,
} from '../../../../../test-support/replays/llama-cpp-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry } from '../../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/* llama.cpp's shared KV cache running out under concurrent requests is not "the conversation does not fit". */

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const replayed = (replay: Replay): OpenAiReply => ({ type: 'replay', replay });

async function run(replies: OpenAiReplySource[]) {
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

  it('after text was shown: the step is continued from that text (sent as the reply start), the run completes with both parts', async () => {
    const { outcome, h, fake } = await run([
      replayed(llamaCppSharedMemoryExhaustedAfterText),
      (request) => {
        const last = request.messages.at(-1);
        return last?.['role'] === 'assistant' ? openAiReply.text(' and the rest.') : openAiReply.httpError(500, 'no reply start sent');
      },
    ]);

    expect(outcome.reason).toBe('complete');
    const streamed = fake.requests.filter((request) => request.body?.['stream'] === true);
    expect(streamed).toHaveLength(2);
    const shown = (streamed[1]?.body?.['messages'] as Array<{ role: string; content: string }>).at(-1)?.content ?? '';
    expect(shown.length).toBeGreaterThan(0);
    expect(h.text()).toBe(`${shown} and the rest.`);
  });

  it('every retry running out too: said as the server running out of shared memory, never as a conversation that does not fit', async () => {
    const again = replayed(llamaCppSharedMemoryExhaustedAfterText);
    const { outcome, error, fake } = await run([again, again, again, again, again]);

    expect(outcome.reason).toBe('provider_error');
    expect(error).toContain('ran out of the memory its parallel slots share');
    expect(error).toContain('after 3 retries');
    expect(error).not.toMatch(/does not fit|new conversation/);
    expect(fake.requests.filter((request) => request.body?.['stream'] === true)).toHaveLength(4);
  });

  it('a real overflow (HTTP 400 exceed_context_size_error) is still said as one', async () => {
    const { error } = await run([replayed(llamaCppExceedContext)]);

    expect(error).toContain("does not fit the model's context");
  });
});
