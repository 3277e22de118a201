import { afterEach, describe, expect, it } from 'vitest';
import {
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type OpenAiReply,
  type OpenAiScenario,
} from '../../../../test-support/fake-openai/index';
import { vllmMistralBadToolCallId, vllmMistralToolCall } from '../../../../test-support/replays/openai-replays';
import type { Replay } from '../../../../test-support/replays/replay-types';
import { runAgent } from '../../agent/loop/run-agent';
import { createHarness } from '../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from './openai-provider';

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
