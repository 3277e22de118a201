import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { runAgent } from '../loop/run-agent';
import { createHarness } from '../testing/run-harness';
import { callReply, createScriptedProvider, done, say, toolCalls, type ScriptedReply } from '../testing/scripted-provider';
import { testRegistry, testTool } from '../testing/test-tools';
import { timelineToHistory } from './timeline-to-history';

const userMessage = (text: string): TacoEvent => ({ type: 'user-message', conversationId: 'conv-1', messageId: `m-${text}`, text, at: 1 });

const tools = () =>
  testRegistry(
    testTool({ id: 'read_file', parameters: { path: { type: 'string' } }, run: (args) => `contents of ${String(args['path'])}` }),
    testTool({
      id: 'fail',
      run: () => {
        throw new Error('It broke.');
      },
    }),
    testTool({
      id: 'delegate_task',
      parameters: { task: { type: 'string' } },
      run: async (args, context) => (await context.delegate(String(args['task']), [])).result,
    }),
  );

async function runTurn(text: string, replies: ScriptedReply[]) {
  const provider = createScriptedProvider({ replies });
  const h = createHarness({ provider, tools: tools(), userText: text });
  const outcome = await runAgent(h.input);
  return { events: [userMessage(text), ...h.events], expected: [{ role: 'user' as const, content: text }, ...outcome.messages] };
}

describe('timelineToHistory', () => {
  it('rebuilds exactly the history a run produced: text per step, tool_calls, tool results and errors', async () => {
    const first = await runTurn('read two files', [
      [...say('Reading both.'), toolCalls(['read_file', { path: 'a' }], ['read_file', { path: 'b' }]), done()],
      [...say('Now one more, '), toolCalls(['fail', {}]), done()],
      [...say('Both read; the third failed.'), done()],
    ]);
    const second = await runTurn('thanks', [[...say('You are welcome.'), done()]]);

    expect(timelineToHistory([...first.events, ...second.events])).toEqual([...first.expected, ...second.expected]);
    expect(first.expected[2]).toEqual({ role: 'tool', tool_name: 'read_file', content: 'contents of a' });
  });

  it("leaves out a delegated sub-agent's own calls", async () => {
    const turn = await runTurn('delegate it', [
      callReply(['delegate_task', { task: 'read a' }]),
      callReply(['read_file', { path: 'a' }]),
      [...say('sub-agent: read a'), done()],
      [...say('Delegated and done.'), done()],
    ]);

    const history = timelineToHistory(turn.events);

    expect(history).toEqual(turn.expected);
    expect(history.filter((message) => message.role === 'tool').map((message) => message.tool_name)).toEqual(['delegate_task']);
  });

  it('keeps the partial answer of a stopped run and ignores events that are not history', () => {
    const events: TacoEvent[] = [
      userMessage('hi'),
      { type: 'run-start', runId: 'r', conversationId: 'conv-1', model: 'm', goal: 'hi', startedAt: 1 },
      { type: 'status', runId: 'r', conversationId: 'conv-1', text: 'Analyzing request...' },
      { type: 'thinking-delta', runId: 'r', conversationId: 'conv-1', text: 'hmm' },
      { type: 'text-delta', runId: 'r', conversationId: 'conv-1', text: 'Hel' },
      { type: 'text-delta', runId: 'r', conversationId: 'conv-1', text: 'lo' },
      { type: 'run-finish', runId: 'r', conversationId: 'conv-1', reason: 'cancelled', message: 'Stopped by you.', error: null, at: 2 },
      { type: 'command-output', conversationId: 'conv-1', command: '/help', output: 'help', at: 3 },
    ];
    expect(timelineToHistory(events)).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
  });
});
