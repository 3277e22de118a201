import { afterEach, describe, expect, it } from 'vitest';
import { openAiReply, startFakeOpenAi, type FakeOpenAi, type OpenAiReply } from '../../../../../test-support/fake-openai/index';
import {
  llamaCppContextFilledStream,
  llamaCppCutMidArgumentsStream,
  llamaCppPropsCaptured,
} from '../../../../../test-support/replays/llama-cpp-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import type { ChatMessage } from '../../provider-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/* finish_reason "length" from llama.cpp 82bb48500a9a when TACO sends no max_tokens (captures ctx-fill-stream, tools-cut-mid-args-stream). */

const MODEL = 'model/tiny-chatml.gguf';
const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const replayed = (replay: Replay): OpenAiReply => ({ type: 'replay', replay });
const writeFile = testTool({ id: 'write_file', parameters: { path: { type: 'string' }, content: { type: 'string' } } });

async function start(replies: OpenAiReply[]) {
  const fake = await startFakeOpenAi({
    scenario: { name: 'full', models: [{ id: MODEL, tools: true }], replies, routes: { 'GET /props': llamaCppPropsCaptured } },
  });
  running.push(fake);
  return { fake, provider: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 32_768 }) };
}

const streamed = (fake: FakeOpenAi) => fake.requests.filter((request) => request.body?.['stream'] === true);
const sentMessages = (fake: FakeOpenAi, index: number) => (streamed(fake)[index]?.body?.['messages'] ?? []) as unknown as ChatMessage[];

describe('"length" with prompt and answer filling the 2048-token slot', () => {
  it('a text answer cut by the full context is kept and said to be cut, not "complete"', async () => {
    const { provider } = await start([replayed(llamaCppContextFilledStream)]);
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(), userText: 'Tell me a long story' });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).not.toBe('complete');
    expect(h.text()).toContain('atives Meridian boundary');
    expect(h.of('run-finish')[0]?.error).toContain("cut off because the model's context is full");
  });

  it('a call cut mid-arguments: the repair does not blame the server, and goes out with older turns dropped to make room', async () => {
    const fullContext: Replay = {
      ...llamaCppCutMidArgumentsStream,
      // The captured cut (max_tokens 98), its usage as a full 2048 slot would report it.
      writes: llamaCppCutMidArgumentsStream.writes.map((write) => write.replace('"prompt_tokens":228', '"prompt_tokens":1950')),
    };
    const { fake, provider } = await start([replayed(fullContext), openAiReply.text('Shorter: done.')]);
    const earlier: ChatMessage[] = Array.from({ length: 12 }, (_, index) => [
      { role: 'user' as const, content: `Old question ${index} ${'x'.repeat(300)}` },
      { role: 'assistant' as const, content: `Old answer ${index} ${'y'.repeat(300)}` },
    ]).flat();
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(writeFile), userText: 'Write notes.md', history: earlier });

    const outcome = await runAgent(h.input);

    expect(writeFile.ran).toEqual([]);
    expect(outcome.reason).toBe('complete');
    const repair = sentMessages(fake, 1).at(-1)?.content ?? '';
    expect(repair).toContain('cut off before its arguments were complete');
    expect(repair).not.toContain('could not be read by the model server');
    // TACO's own estimate of the repair request leaves the reply reserve plus the room the cut reply took
    // (without it this history fits to ~1458 of the 1536 the reserve allows: the cut would come again).
    const sent = streamed(fake)[1]?.body;
    const estimated =
      (sentMessages(fake, 1).reduce((sum, message) => sum + String(message.content ?? '').length + 8, 0) +
        JSON.stringify(sent?.['tools'] ?? []).length) /
      4;
    expect(estimated).toBeLessThanOrEqual(2048 * 0.75 - 98);
  });
});

describe("a server with more context than TACO's own max context", () => {
  it('the cut is said against the context TACO planned for, never as what the server gives', async () => {
    const props16k: Replay = {
      ...llamaCppPropsCaptured,
      writes: llamaCppPropsCaptured.writes.map((write) => write.replace('"n_ctx":2048', '"n_ctx":16384')),
    };
    const fake = await startFakeOpenAi({
      scenario: {
        name: 'capped',
        models: [{ id: MODEL, tools: true }],
        replies: [replayed(llamaCppContextFilledStream)],
        routes: { 'GET /props': props16k },
      },
    });
    running.push(fake);
    // TACO's max context (Settings) at the 2,048 the captured reply filled; the server gives 16,384.
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 2048 });
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(), userText: 'Tell me a long story' });

    await runAgent(h.input);

    const error = h.of('run-finish')[0]?.error ?? '';
    expect(error).toContain('2048 tokens TACO plans for');
    expect(error).toContain('16384');
    expect(error).not.toMatch(/2048 tokens the server .* gives/);
  });
});
