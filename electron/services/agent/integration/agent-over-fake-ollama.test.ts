import { afterEach, describe, expect, it } from 'vitest';
import { chunk, gemma2b, llama32, qwen3, reply, standardModels, toolResults, type Reply } from '../../../../test-support/fake-ollama/index';
import type { FakeChatRequest } from '../../../../test-support/fake-ollama/index';
import { runAgent } from '../loop/run-agent';
import { testRegistry, testTool } from '../testing/test-tools';
import { startFakeRun, type FakeRun } from './fake-ollama-harness';

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace.',
    parameters: { path: { type: 'string', description: 'File path relative to the workspace.' } },
    run: (args) => `contents of ${String(args['path'])}`,
  });

let run: FakeRun | null = null;
afterEach(async () => {
  await run?.fake.close();
  run = null;
});

/** No request may send `think` to a model without thinking, or `tools` to a model without tools. */
function expectCapabilitiesRespected(bodies: ReturnType<FakeRun['chatBodies']>, model: { name: string; capabilities: string[] }): void {
  for (const body of bodies.filter((candidate) => candidate['model'] === model.name)) {
    if (!model.capabilities.includes('thinking'))
      expect(body['think'] === true || (typeof body['think'] === 'string' && body['think'] !== '')).toBe(false);
    if (!model.capabilities.includes('tools'))
      expect(body['tools'] === undefined || body['tools'] === null || (Array.isArray(body['tools']) && body['tools'].length === 0)).toBe(
        true,
      );
  }
}

describe('runAgent over HTTP against the fake Ollama server', () => {
  it('a tools-capable model: tool call, result as role "tool" with tool_name, final answer', async () => {
    run = await startFakeRun({
      name: 'agent-tool-round',
      description: 'read_file then answer',
      models: standardModels(),
      replies: [reply.toolCall('read_file', { path: 'a.txt' }, { text: 'Let me read it.' }), reply.text('It says: contents of a.txt')],
    });
    const h = run.harness({ tools: testRegistry(readFile()), model: llama32.name, userText: 'What is in a.txt?' });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(h.text()).toBe('Let me read it.It says: contents of a.txt');
    const streamed = run.chatBodies().filter((body) => body['stream'] !== false);
    expect(streamed).toHaveLength(2);
    const messages = streamed[1]?.['messages'];
    expect(Array.isArray(messages) ? messages.slice(-2) : null).toEqual([
      { role: 'assistant', content: 'Let me read it.', tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a.txt' } } }] },
      { role: 'tool', tool_name: 'read_file', content: 'contents of a.txt' },
    ]);
    expect(Array.isArray(streamed[0]?.['tools'])).toBe(true);
    expect(h.of('usage')).toHaveLength(2);
    expectCapabilitiesRespected(run.chatBodies(), llama32);
  });

  it('a model without the tools capability completes a tool task through the JSON format', async () => {
    const answer = (request: FakeChatRequest): Reply => {
      const last = request.messages.at(-1);
      if (last?.content.startsWith('Tool result for read_file:')) return reply.text(`Done. ${last.content.split('\n')[1] ?? ''}`);
      return reply.chunks([chunk.content('{"tool": "read_file", '), chunk.content('"parameters": {"path": "b.txt"}, "terminate": false}')]);
    };
    run = await startFakeRun({
      name: 'agent-prompt-mode',
      description: 'JSON tool call',
      models: standardModels(),
      replies: [answer, answer],
    });
    const tool = readFile();
    const h = run.harness({ tools: testRegistry(tool), model: gemma2b.name });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(tool.ran).toEqual([{ path: 'b.txt' }]);
    expect(h.text()).toBe('Done. contents of b.txt');
    expect(run.chatBodies().every((body) => body['tools'] === undefined)).toBe(true);
    expectCapabilitiesRespected(run.chatBodies(), gemma2b);
  });

  it('a thinking model streams its thinking; think is sent only to it', async () => {
    run = await startFakeRun({
      name: 'agent-thinking',
      description: 'thinks then answers',
      models: standardModels(),
      replies: [reply.thinking('Let me think.', 'Forty-two.')],
    });
    const h = run.harness({ tools: testRegistry(readFile()), model: qwen3.name });

    await runAgent(h.input);

    expect(
      h
        .of('thinking-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Let me think.');
    expect(h.text()).toBe('Forty-two.');
    expectCapabilitiesRespected(run.chatBodies(), qwen3);
  });

  it('a mid-stream error line ends the run with provider_error and its message', async () => {
    run = await startFakeRun({
      name: 'agent-mid-error',
      description: 'error line',
      models: standardModels(),
      replies: [reply.midStreamError('model runner has unexpectedly stopped', [chunk.content('Half ')])],
    });
    const h = run.harness({ tools: testRegistry(), model: llama32.name });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('provider_error');
    expect(h.of('run-finish')[0]?.error).toMatch(/model runner has unexpectedly stopped/);
    expect(outcome.messages).toEqual([{ role: 'assistant', content: 'Half ' }]);
  });

  it('timeout aborts a stalled stream', async () => {
    run = await startFakeRun({
      name: 'agent-stall',
      description: 'stalls',
      models: standardModels(),
      replies: [reply.stall([chunk.content('Thinking about it')])],
    });
    const h = run.harness({ tools: testRegistry(), model: llama32.name, limits: { runTimeoutMs: 200 } });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('timeout');
    expect(h.of('run-finish')).toHaveLength(1);
  });

  it("a tool-result history survives a second turn rebuilt from the first turn's messages", async () => {
    run = await startFakeRun({
      name: 'agent-two-turns',
      description: 'two turns',
      models: standardModels(),
      replies: [
        reply.toolCall('read_file', { path: 'a.txt' }),
        reply.text('A says hi.'),
        (request) => reply.text(`I saw ${toolResults(request).length} tool result(s).`),
      ],
    });
    const first = run.harness({ tools: testRegistry(readFile()), model: llama32.name, userText: 'read a' });
    const one = await runAgent(first.input);
    const second = run.harness({
      tools: testRegistry(readFile()),
      model: llama32.name,
      userText: 'what did you see?',
      history: [{ role: 'user', content: 'read a' }, ...one.messages],
    });

    await runAgent(second.input);

    expect(second.text()).toBe('I saw 1 tool result(s).');
  });
});
