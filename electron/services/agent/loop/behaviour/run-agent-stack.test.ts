import { describe, expect, it } from 'vitest';
import type { StackFrame } from '../../../../../shared/tools/tool-stack';
import { ToolFailure, type ToolOutcome } from '../../../../../tools/catalogue/tool-runtime-types';
import { runAgent } from '../run-agent';
import { answeringDepth, answeringQuestions } from '../../testing/test-gates';
import { createHarness } from '../../testing/run-harness';
import { callReply, createScriptedProvider, done, say } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

/** The code-generation tools of the design documents' example flow. */
function codeTools() {
  const createCode = testTool({
    id: 'create_code',
    parameters: { description: { type: 'string' }, language: { type: 'string', required: false } },
    run: (args): ToolOutcome =>
      args['language'] === undefined
        ? {
            type: 'result',
            output: 'Need the language first.',
            requires: { tool: 'collect_tool_parameters', reason: 'parameter collection' },
          }
        : { type: 'result', output: 'print("Hello, world!")', requires: { tool: 'save_file', reason: 'the code must be saved' } },
  });
  const collect = testTool({
    id: 'collect_tool_parameters',
    type: 'ask_user',
    parameters: { tool: { type: 'string' }, parameter: { type: 'string' } },
    run: async (args, context) => `${String(args['parameter'])}: ${await context.askUser(`Which ${String(args['parameter'])}?`)}`,
  });
  const saveFile = testTool({
    id: 'save_file',
    parameters: { path: { type: 'string' }, content: { type: 'string' } },
    run: () => 'Saved hello.py',
  });
  return { createCode, collect, saveFile };
}

const delegateTool = () =>
  testTool({
    id: 'delegate_task',
    type: 'agent_as_tool',
    parameters: { task: { type: 'string' } },
    run: async (args, context) => (await context.delegate(String(args['task']), [])).result,
  });
const handoffTool = () =>
  testTool({
    id: 'handoff',
    type: 'handoff',
    parameters: { result: { type: 'string' } },
    run: (args): ToolOutcome => ({ type: 'handoff', payload: { result: String(args['result']), documents: ['report.md'] } }),
  });

describe('runAgent: the tool stack', () => {
  it('follows the designed progression [] → [create_code] → [create_code, collect_tool_parameters] → [create_code] → [create_code, save_file] → [create_code] → []', async () => {
    const { createCode, collect, saveFile } = codeTools();
    const provider = createScriptedProvider({
      replies: [
        callReply(['create_code', { description: 'hello world' }]),
        callReply(['collect_tool_parameters', { tool: 'create_code', parameter: 'language' }]),
        callReply(['create_code', { description: 'hello world', language: 'python' }]),
        callReply(['save_file', { path: 'hello.py', content: 'print("Hello, world!")' }]),
        [...say('Saved hello.py.'), done()],
      ],
    });
    const questions = answeringQuestions('python');
    const h = createHarness({
      provider,
      tools: testRegistry(createCode, collect, saveFile),
      questions,
      userText: 'create a hello world program in python',
    });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(h.stackProgression()).toEqual([
      [],
      ['create_code'],
      ['create_code', 'collect_tool_parameters'],
      ['create_code'],
      ['create_code', 'save_file'],
      ['create_code'],
      [],
    ]);
    expect(questions.requests).toEqual([{ runId: 'run-1', conversationId: 'conv-1', callId: 'run-1-call-2', question: 'Which language?' }]);

    const stacks = h.of('stack').map((event) => event.frames);
    const withCollect = stacks.find((frames) => frames.length === 2 && frames[1]?.tool === 'collect_tool_parameters') ?? [];
    expect(withCollect[1]?.parentFrameId).toBe(withCollect[0]?.frameId);
    expect(stacks.some((frames) => frames[1]?.state === 'waiting-user' && frames[1]?.waitingFor === 'your answer')).toBe(true);
    expect(
      stacks.some((frames) => frames.length === 1 && frames[0]?.state === 'waiting-tool' && frames[0]?.waitingFor === 'save_file'),
    ).toBe(true);
    // The resumed create_code call runs in the same frame as the first one.
    const [first, , third] = h.of('tool-call');
    expect(third?.frameId).toBe(first?.frameId);

    // The stack context changes from step to step, so it goes last (a user message after the
    // history), never into the system prompt: the server's prompt cache keeps everything before it.
    const second = provider.requests[1]?.messages ?? [];
    const context = second.at(-1);
    expect(context?.role).toBe('user');
    expect(context?.content).toContain('Current tool context:');
    expect(context?.content).toContain('- Active tool: create_code');
    expect(context?.content).toContain('- Waiting for: collect_tool_parameters');
    expect(context?.content).toContain('- Original request: "create a hello world program in python"');
    expect(second[0]?.content).toBe(provider.requests[0]?.messages[0]?.content);
    expect(second[0]?.content).not.toContain('Current tool context:');
    expect(provider.requests[4]?.messages.some((message) => message.content.includes('Current tool context:'))).toBe(false);
    expect(second.at(-2)?.content).toBe(
      'Need the language first.\n\n[Next step required: call collect_tool_parameters (parameter collection).]',
    );
  });

  it('a waiting frame outlives the run, and a tool failure clears the stack', async () => {
    const { createCode } = codeTools();
    const broken = testTool({
      id: 'save_file',
      parameters: { path: { type: 'string' } },
      run: () => {
        throw new ToolFailure('Disk full.');
      },
    });
    const provider = createScriptedProvider({
      replies: [
        callReply(['create_code', { description: 'x', language: 'python' }]),
        [...say('Shall I save it?'), done()],
        callReply(['save_file', { path: 'a.py' }]),
        [...say('Could not save.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(createCode, broken) });

    await runAgent(h.input);
    expect(h.input.stack.frames().map((frame: StackFrame) => [frame.tool, frame.state, frame.waitingFor])).toEqual([
      ['create_code', 'waiting-tool', 'save_file'],
    ]);

    const next = createHarness({
      provider,
      tools: testRegistry(createCode, broken),
      stack: h.input.stack,
      runId: 'run-2',
      userText: 'yes',
    });
    await runAgent(next.input);
    expect(next.of('stack').some((event) => event.frames.some((frame) => frame.state === 'failed'))).toBe(true);
    expect(next.input.stack.frames()).toEqual([]);
  });
});

describe('runAgent: delegation, handoff and the depth limit', () => {
  const nested = (decision: 'continue' | 'cancel') => {
    const provider = createScriptedProvider({
      replies: [
        callReply(['delegate_task', { task: 'level 1' }]),
        callReply(['delegate_task', { task: 'level 2' }]),
        callReply(['delegate_task', { task: 'level 3' }]),
        [...say('leaf done'), done()],
        [...say('level 2 done'), done()],
        [...say('level 1 done'), done()],
        [...say('All done.'), done()],
      ],
    });
    const depth = answeringDepth(decision);
    const h = createHarness({ provider, tools: testRegistry(delegateTool()), depth, limits: { depthLimit: 3 } });
    return { provider, depth, h };
  };

  it('sub-agents stack above their delegate frame; at the depth limit Continue grants 20 more levels', async () => {
    const { provider, depth, h } = nested('continue');

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(depth.requests).toEqual([expect.objectContaining({ runId: 'run-1', depth: 3, limit: 3 })]);
    expect(depth.requests[0]?.frames.map((frame) => frame.tool)).toEqual(['delegate_task', 'delegate_task', 'delegate_task']);
    const deepest = h.of('stack').find((event) => event.frames.length === 3)?.frames ?? [];
    expect(deepest.map((frame) => frame.parentFrameId)).toEqual([null, deepest[0]?.frameId, deepest[1]?.frameId]);
    expect(h.of('stack').at(-1)).toMatchObject({ frames: [], depthLimit: 23 });
    expect(provider.requests[1]?.messages[0]?.content).toContain('You are a sub-agent');
    expect(provider.requests[1]?.messages[1]).toEqual({ role: 'user', content: 'level 1' });
    expect(provider.requests[6]?.messages.at(-1)).toEqual({ role: 'tool', tool_name: 'delegate_task', content: 'level 1 done' });
    // Only the main run's answer streams; sub-agent answers become tool results.
    expect(h.of('text-delta').map((event) => event.text)).toEqual(['All done.']);
    // Each helper's call names the delegate frame it works for, so the timeline can nest it there.
    const calls = h.of('tool-call');
    expect(calls.map((event) => event.delegateFrameId)).toEqual([undefined, calls[0]?.frameId, calls[1]?.frameId]);
  });

  it('Cancel at the depth prompt stops the whole run with cancelled and leaves no frame behind', async () => {
    const { provider, h } = nested('cancel');

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('cancelled');
    expect(provider.requests).toHaveLength(3);
    expect(h.input.stack.frames()).toEqual([]);
    expect(h.of('run-finish')).toEqual([expect.objectContaining({ reason: 'cancelled' })]);
    expect(h.of('tool-error').map((event) => event.error)).toEqual([
      'Not run: the user chose Cancel at the tool stack depth limit.',
      'Stopped before the tool finished.',
      'Stopped before the tool finished.',
    ]);
  });

  it("a sub-agent's handoff becomes the delegate call's result", async () => {
    const provider = createScriptedProvider({
      replies: [
        callReply(['delegate_task', { task: 'write a report' }]),
        callReply(['handoff', { result: 'Report written.' }]),
        [...say('The sub-agent wrote the report.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(delegateTool(), handoffTool()) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(provider.requests[1]?.messages[0]?.content).toContain('call handoff with your result');
    expect(provider.requests[2]?.messages.at(-1)).toEqual({ role: 'tool', tool_name: 'delegate_task', content: 'Report written.' });
  });

  it('a handoff in the top-level run ends it as complete with the handoff result as the answer', async () => {
    const provider = createScriptedProvider({
      replies: [callReply(['handoff', { result: 'Here is the result.' }]), [...say('unused'), done()]],
    });
    const h = createHarness({ provider, tools: testRegistry(handoffTool()) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(provider.requests).toHaveLength(1);
    expect(h.of('text-delta').map((event) => event.text)).toEqual(['Here is the result.']);
    expect(outcome.messages.at(-1)).toEqual({ role: 'assistant', content: 'Here is the result.' });
    expect(outcome.messages[1]).toEqual({ role: 'tool', tool_name: 'handoff', content: 'Here is the result.\n\nDocuments: report.md' });
  });
});
