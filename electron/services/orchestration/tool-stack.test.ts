import { describe, expect, it } from 'vitest';
import type { StackFrame } from '../../../shared/tools/tool-stack';
import { createToolStack } from './tool-stack';

function counterIds(): () => string {
  let next = 0;
  return () => `f${++next}`;
}

const tools = (frames: StackFrame[]): string[] => frames.map((frame) => frame.tool);

describe('tool stack', () => {
  it('follows the designed code-generation progression, telling listeners after every change', () => {
    const stack = createToolStack({ newId: counterIds(), now: () => 1000 });
    const seen: string[][] = [];
    stack.onChange((frames) => seen.push(tools(frames)));

    expect(tools(stack.frames())).toEqual([]);
    const createCode = stack.push({ tool: 'create_code', callId: 'c1', parentFrameId: null });
    const collect = stack.push({ tool: 'collect_tool_parameters', callId: 'c2', parentFrameId: createCode.frameId });
    stack.pop(collect.frameId);
    const save = stack.push({ tool: 'save_file', callId: 'c3', parentFrameId: createCode.frameId });
    stack.pop(save.frameId);
    stack.pop(createCode.frameId);

    expect(seen).toEqual([
      ['create_code'],
      ['create_code', 'collect_tool_parameters'],
      ['create_code'],
      ['create_code', 'save_file'],
      ['create_code'],
      [],
    ]);
    expect(stack.depth()).toBe(0);
  });

  it('creates frames with ids, parent, state, waitingFor and start time', () => {
    const stack = createToolStack({ newId: counterIds(), now: () => 42 });
    const root = stack.push({ tool: 'delegate_task', callId: 'a', parentFrameId: null });
    const child = stack.push({
      tool: 'read_file',
      callId: 'b',
      parentFrameId: root.frameId,
      state: 'waiting-approval',
      waitingFor: 'your approval',
    });
    expect(root).toEqual({
      frameId: 'f1',
      parentFrameId: null,
      tool: 'delegate_task',
      callId: 'a',
      state: 'running',
      waitingFor: null,
      startedAt: 42,
    });
    expect(child).toMatchObject({ frameId: 'f2', parentFrameId: 'f1', state: 'waiting-approval', waitingFor: 'your approval' });
    expect(stack.depth()).toBe(2);
  });

  it('pop removes the frame and every frame above it', () => {
    const stack = createToolStack({ newId: counterIds() });
    const a = stack.push({ tool: 'a', callId: '1', parentFrameId: null });
    const b = stack.push({ tool: 'b', callId: '2', parentFrameId: a.frameId });
    stack.push({ tool: 'c', callId: '3', parentFrameId: b.frameId });
    stack.pop(b.frameId);
    expect(tools(stack.frames())).toEqual(['a']);
  });

  it('ignores an unknown frame id and unchanged updates without notifying', () => {
    const stack = createToolStack({ newId: counterIds() });
    const a = stack.push({ tool: 'a', callId: '1', parentFrameId: null });
    let calls = 0;
    stack.onChange(() => calls++);
    stack.pop('nope');
    stack.update('nope', { state: 'done' });
    stack.update(a.frameId, { state: 'running' });
    expect(calls).toBe(0);
    expect(stack.depth()).toBe(1);
  });

  it('update changes state and waitingFor and notifies with the full list', () => {
    const stack = createToolStack({ newId: counterIds() });
    const a = stack.push({ tool: 'create_code', callId: '1', parentFrameId: null });
    const seen: StackFrame[][] = [];
    stack.onChange((frames) => seen.push(frames));
    stack.update(a.frameId, { state: 'waiting-tool', waitingFor: 'save_file' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0]).toMatchObject({ state: 'waiting-tool', waitingFor: 'save_file' });
    stack.update(a.frameId, { waitingFor: null });
    expect(stack.frames()[0]).toMatchObject({ state: 'waiting-tool', waitingFor: null });
  });

  it('clear empties the stack once; unsubscribed listeners hear nothing', () => {
    const stack = createToolStack({ newId: counterIds() });
    stack.push({ tool: 'a', callId: '1', parentFrameId: null });
    stack.push({ tool: 'b', callId: '2', parentFrameId: null });
    let calls = 0;
    const off = stack.onChange(() => calls++);
    stack.clear();
    stack.clear();
    expect(calls).toBe(1);
    off();
    stack.push({ tool: 'c', callId: '3', parentFrameId: null });
    expect(calls).toBe(1);
  });

  it('hands out copies: changing a returned frame does not change the stack', () => {
    const stack = createToolStack({ newId: counterIds() });
    const frame = stack.push({ tool: 'a', callId: '1', parentFrameId: null });
    frame.tool = 'hacked';
    const listed = stack.frames();
    const first = listed[0];
    if (first) first.state = 'failed';
    listed.pop();
    expect(stack.frames()).toEqual([expect.objectContaining({ tool: 'a', state: 'running' })]);
  });

  it('uses a random id by default', () => {
    const stack = createToolStack();
    const a = stack.push({ tool: 'a', callId: '1', parentFrameId: null });
    const b = stack.push({ tool: 'b', callId: '2', parentFrameId: null });
    expect(a.frameId).not.toBe(b.frameId);
    expect(a.frameId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('tool stack context prompt', () => {
  it('is null while the stack is empty', () => {
    expect(createToolStack().contextPrompt('anything')).toBeNull();
  });

  it('reproduces the designed block exactly', () => {
    const stack = createToolStack({ newId: counterIds() });
    const createCode = stack.push({
      tool: 'create_code',
      callId: '1',
      parentFrameId: null,
      state: 'waiting-tool',
      waitingFor: 'parameter collection',
    });
    stack.push({ tool: 'collect_tool_parameters', callId: '2', parentFrameId: createCode.frameId });
    expect(stack.contextPrompt('create a hello world program')).toBe(
      [
        'Current tool context:',
        '- Active tool: create_code',
        '- Waiting for: parameter collection',
        '- Original request: "create a hello world program"',
        '- Stack depth: 2',
        '',
        'Available actions:',
        '- Continue with parameter collection',
        '- Use /cancel to abandon current task',
        '- Use /status to see full context',
      ].join('\n'),
    );
  });

  it('takes the top frame when it waits, and says "nothing" when no frame waits', () => {
    const stack = createToolStack({ newId: counterIds() });
    const a = stack.push({ tool: 'create_code', callId: '1', parentFrameId: null, waitingFor: 'save_file' });
    const b = stack.push({ tool: 'ask_user', callId: '2', parentFrameId: a.frameId, state: 'waiting-user', waitingFor: 'your answer' });
    let prompt = stack.contextPrompt('x') ?? '';
    expect(prompt).toContain('- Active tool: ask_user\n- Waiting for: your answer');
    expect(prompt).toContain('- Continue with your answer');

    stack.update(a.frameId, { waitingFor: null });
    stack.update(b.frameId, { waitingFor: null });
    prompt = stack.contextPrompt('x') ?? '';
    expect(prompt).toContain('- Active tool: ask_user\n- Waiting for: nothing');
    expect(prompt).toContain('- Continue with ask_user');
  });

  it('keeps the original request on one line and cuts a very long one', () => {
    const stack = createToolStack();
    stack.push({ tool: 'a', callId: '1', parentFrameId: null });
    const prompt = stack.contextPrompt(`line one\nline two ${'x'.repeat(1000)}`) ?? '';
    const requestLine = prompt.split('\n').find((line) => line.startsWith('- Original request:')) ?? '';
    expect(requestLine.startsWith('- Original request: "line one line two x')).toBe(true);
    expect(requestLine.length).toBeLessThan(400);
    expect(requestLine.endsWith('…"')).toBe(true);
  });
});
