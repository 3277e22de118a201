import { afterEach, describe, expect, it } from 'vitest';
import { qwen3, reply, standardModels, type Reply } from '../../../../test-support/fake-ollama/index';
import {
  harmonyMalformedCall,
  qwen3MalformedCallHttp500,
  qwen3CallCutByLength,
  qwen3MalformedCallMidStream,
  silentEmptyStep,
} from '../../../../test-support/replays/ollama-replays';
import type { Replay } from '../../../../test-support/replays/replay-types';
import { runAgent } from '../loop/run-agent';
import { testRegistry, testTool } from '../testing/test-tools';
import { startFakeRun, type FakeRun } from '../integration/fake-ollama-harness';

/*
 * The bytes a real Ollama sends when it cannot use a step (test-support/replays/ollama-replays.ts):
 * the loop tells the model what went wrong once, then stops with the server's words.
 */

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace.',
    parameters: { path: { type: 'string', description: 'File path relative to the workspace.' } },
    run: (args) => `contents of ${String(args['path'])}`,
  });

const replayed = (replay: Replay): Reply => ({ type: 'replay', replay });

let run: FakeRun | null = null;
afterEach(async () => {
  await run?.fake.close();
  run = null;
});

async function runWith(replies: Reply[]) {
  run = await startFakeRun({ name: 'server-repair', description: 'replayed server failures', models: standardModels(), replies });
  const h = run.harness({ tools: testRegistry(readFile()), model: qwen3.name, userText: 'What is in a.txt?' });
  const outcome = await runAgent(h.input);
  const streamed = run.chatBodies().filter((body) => body['stream'] !== false);
  return { h, outcome, streamed };
}

function lastMessage(body: Record<string, unknown> | undefined): unknown {
  const messages = body?.['messages'];
  return Array.isArray(messages) ? messages[messages.length - 1] : undefined;
}

describe.each([
  ['a mid-stream parser error line (qwen3)', qwen3MalformedCallMidStream, 'failed to parse JSON'],
  ['an HTTP 500 before anything streamed (qwen3)', qwen3MalformedCallHttp500, 'failed to parse JSON'],
  ['a harmony parser error at the end (gpt-oss)', harmonyMalformedCall, 'error parsing tool call'],
])('Ollama could not read the tool call: %s', (_name, replay, words) => {
  it('tells the model what was wrong once, and the retry completes the task', async () => {
    const { outcome, streamed } = await runWith([
      replayed(replay),
      reply.toolCall('read_file', { path: 'a.txt' }),
      reply.text('It says hi.'),
    ]);

    expect(outcome.reason).toBe('complete');
    expect(streamed).toHaveLength(3);
    const repair = lastMessage(streamed[1]) as { role: string; content: string };
    expect(repair.role).toBe('user');
    expect(repair.content).toContain(words);
    expect(repair.content).toContain('valid JSON object');
  });

  it('a second unreadable call stops the run with the server’s words and what to do', async () => {
    const { outcome, streamed, h } = await runWith([replayed(replay), replayed(replay)]);

    expect(outcome.reason).toBe('provider_error');
    expect(streamed).toHaveLength(2);
    expect(h.of('run-finish')[0]?.error).toContain(words);
    expect(h.of('run-finish')[0]?.error).toMatch(/Try again, or pick a model/);
  });
});

describe('Ollama dropped the reply silently (empty content, eval_count > 0)', () => {
  it.each([
    ['an unknown tool in <tool_call> (tools/tools.go)', silentEmptyStep, '38 tokens'],
    ['a call cut by done_reason "length" (qwen3 parser)', qwen3CallCutByLength, '2048 tokens'],
  ])('%s is not taken as an empty final answer: the model is told and tries again', async (_name, replay, words) => {
    const { outcome, streamed, h } = await runWith([replayed(replay), reply.text('It says hi.')]);

    expect(outcome.reason).toBe('complete');
    expect(h.text()).toBe('It says hi.');
    const repair = lastMessage(streamed[1]) as { role: string; content: string };
    expect(repair.content).toContain(words);
  });

  it('twice in a row stops with a reason naming the server', async () => {
    const { outcome, h } = await runWith([replayed(silentEmptyStep), replayed(silentEmptyStep)]);

    expect(outcome.reason).toBe('provider_error');
    expect(h.of('run-finish')[0]?.error).toContain(run?.fake.url ?? 'missing');
    expect(h.of('run-finish')[0]?.error).toContain('empty answer twice');
  });
});
