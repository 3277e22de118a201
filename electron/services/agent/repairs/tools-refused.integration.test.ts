import { afterEach, describe, expect, it } from 'vitest';
import { llama32, reply, standardModels } from '../../../../test-support/fake-ollama/index';
import { openAiReply, startFakeOpenAi, type FakeOpenAi } from '../../../../test-support/fake-openai/index';
import { toolsNotSupported } from '../../../../test-support/replays/ollama-replays';
import { llamaCppToolsNeedJinjaCaptured } from '../../../../test-support/replays/llama-cpp-replays';
import { createOpenAiCompatibleProvider } from '../../provider/openai-compatible/openai-provider';
import { runAgent } from '../loop/run-agent';
import { createHarness } from '../testing/run-harness';
import { testRegistry, testTool } from '../testing/test-tools';
import { startFakeRun, type FakeRun } from '../integration/fake-ollama-harness';

/* A server that refuses `tools` (real bytes): the run goes on once in the prompt-based format, and the model is remembered as tool-less. */

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace.',
    parameters: { path: { type: 'string', description: 'File path relative to the workspace.' } },
    run: (args) => `contents of ${String(args['path'])}`,
  });

const PROMPT_CALL = '{"tool": "read_file", "parameters": {"path": "a.txt"}, "terminate": false}';

let run: FakeRun | null = null;
let openai: FakeOpenAi | null = null;
afterEach(async () => {
  await run?.fake.close();
  await openai?.close();
  run = null;
  openai = null;
});

describe('a tools request the server refuses', () => {
  it('Ollama 400 "does not support tools": retried in the prompt format, remembered for the next run', async () => {
    run = await startFakeRun({
      name: 'tools-refused',
      description: 'Ollama refuses tools',
      models: standardModels(),
      replies: [
        { type: 'replay', replay: toolsNotSupported },
        reply.text(PROMPT_CALL),
        reply.text('It says hi.'),
        reply.text('Again: hi.'),
      ],
    });
    const first = run.harness({ tools: testRegistry(readFile()), model: llama32.name, userText: 'What is in a.txt?' });
    expect((await runAgent(first.input)).reason).toBe('complete');
    expect(first.of('tool-call').map((event) => event.tool)).toEqual(['read_file']);

    const second = run.harness({ tools: testRegistry(readFile()), model: llama32.name, userText: 'And now?' });
    expect((await runAgent(second.input)).reason).toBe('complete');

    const streamed = run.chatBodies().filter((body) => body['stream'] !== false);
    expect(streamed.map((body) => Array.isArray(body['tools']))).toEqual([true, false, false, false]);
  });

  it('llama.cpp 500 "tools param requires --jinja flag" (tools said to work in Settings): same', async () => {
    openai = await startFakeOpenAi({
      scenario: {
        name: 'jinja',
        models: [{ id: 'm', tools: true }],
        replies: [
          { type: 'replay', replay: llamaCppToolsNeedJinjaCaptured },
          openAiReply.text(PROMPT_CALL),
          openAiReply.text('It says hi.'),
        ],
      },
    });
    const provider = createOpenAiCompatibleProvider({ baseUrl: openai.baseUrl, maxContextTokens: 8192, toolSupport: { m: true } });
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile()), userText: 'What is in a.txt?' });

    expect((await runAgent(h.input)).reason).toBe('complete');
    expect(h.of('tool-call').map((event) => event.tool)).toEqual(['read_file']);
    expect((await provider.capabilities('m')).tools).toBe(false);
  });
});
