import { describe, expect, it } from 'vitest';
import { ToolFailure } from '../../../../tools/catalogue/tool-runtime-types';
import { runAgent } from './run-agent';
import { createHarness } from '../testing/run-harness';
import { callReply, createScriptedProvider, done, say, toolCalls } from '../testing/scripted-provider';
import { testRegistry, testTool } from '../testing/test-tools';

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace.',
    parameters: { path: { type: 'string', description: 'File path relative to the workspace.' } },
    run: (args) => `contents of ${String(args['path'])}`,
  });

describe('runAgent: the testing scenarios of sequential tool calling', () => {
  it('no tools needed: streams the answer and finishes complete', async () => {
    const provider = createScriptedProvider({
      replies: [[...say('Hello', ' there!'), done({ completionTokens: 40, evalDurationNs: 2e9 })]],
    });
    const h = createHarness({ provider, tools: testRegistry(readFile()), userText: 'Hi' });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(outcome.messages).toEqual([{ role: 'assistant', content: 'Hello there!' }]);
    // Both chunks usually go out as one delta (delta-buffer.ts), but the stream yields to the event
    // loop once per time slice, which a loaded machine can reach between them: the text counts.
    const types = h.events
      .map((event) => event.type)
      .filter((type, index, all) => type !== 'text-delta' || all[index - 1] !== 'text-delta');
    expect(types).toEqual(['run-start', 'status', 'status', 'text-delta', 'usage', 'run-finish']);
    expect(
      h
        .of('text-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Hello there!');
    expect(h.statuses()).toEqual(['Analyzing request...', 'Formulating response...']);
    expect(h.of('usage')[0]).toMatchObject({
      promptTokens: 100,
      completionTokens: 40,
      tokensPerSecond: 20,
      contextTokens: 8192,
      contextTruncated: false,
    });
    expect(h.of('run-finish')).toEqual([expect.objectContaining({ reason: 'complete', message: 'Done.', error: null })]);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]?.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(provider.requests[0]?.messages[1]).toEqual({ role: 'user', content: 'Hi' });
    // A greeting goes out without tools (seed-rules.test.ts).
    expect(provider.requests[0]?.tools).toBeUndefined();
  });

  it('single tool call: the history sent back has the assistant tool_calls and a role "tool" message with tool_name', async () => {
    const provider = createScriptedProvider({
      replies: [
        [...say('Let me read it.'), toolCalls(['read_file', { path: 'notes.txt' }]), done()],
        [...say('The file says hi.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(readFile()), userText: 'What is in notes.txt?' });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    const second = provider.requests[1]?.messages ?? [];
    expect(second.slice(1)).toEqual([
      { role: 'user', content: 'What is in notes.txt?' },
      {
        role: 'assistant',
        content: 'Let me read it.',
        tool_calls: [{ function: { name: 'read_file', arguments: { path: 'notes.txt' } } }],
      },
      { role: 'tool', tool_name: 'read_file', content: 'contents of notes.txt' },
    ]);
    expect(outcome.messages).toEqual([...second.slice(2), { role: 'assistant', content: 'The file says hi.' }]);
    const call = h.of('tool-call')[0];
    expect(call).toMatchObject({ tool: 'read_file', args: { path: 'notes.txt' }, callId: 'run-1-call-1' });
    expect(call?.frameId).toEqual(expect.any(String));
    expect(h.of('tool-result')).toEqual([
      expect.objectContaining({ callId: 'run-1-call-1', tool: 'read_file', result: 'contents of notes.txt', truncated: false }),
    ]);
    expect(h.statuses()).toEqual([
      'Analyzing request...',
      'Formulating response...',
      'Selecting appropriate tools...',
      'Using Read File...',
      'Processing tool results...',
      'Formulating response...',
    ]);
    const types = h.events.map((event) => event.type);
    expect(types.indexOf('tool-call')).toBeLessThan(types.indexOf('tool-result'));
    expect(types.at(-1)).toBe('run-finish');
    expect(types.filter((type) => type === 'run-finish')).toHaveLength(1);
    expect(h.stackProgression()).toEqual([[], ['read_file'], []]);
  });

  it('3–4 sequential calls across steps run in order; the independent reads of one step start together', async () => {
    const order: string[] = [];
    const slow = (id: string) =>
      testTool({
        id,
        parameters: { n: { type: 'integer' } },
        run: async (args) => {
          order.push(`${id}:start:${String(args['n'])}`);
          await new Promise((resolve) => setImmediate(resolve));
          order.push(`${id}:end:${String(args['n'])}`);
          return `${id} ${String(args['n'])}`;
        },
      });
    const provider = createScriptedProvider({
      replies: [
        [toolCalls(['step_a', { n: 1 }], ['step_b', { n: 2 }]), done()],
        callReply(['step_c', { n: 3 }]),
        callReply(['step_a', { n: 4 }]),
        [...say('All four done.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(slow('step_a'), slow('step_b'), slow('step_c')) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(order).toEqual([
      'step_a:start:1',
      'step_b:start:2',
      'step_a:end:1',
      'step_b:end:2',
      'step_c:start:3',
      'step_c:end:3',
      'step_a:start:4',
      'step_a:end:4',
    ]);
    expect(provider.requests).toHaveLength(4);
    expect(provider.requests[3]?.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'step_a', arguments: { n: 1 } } }, { function: { name: 'step_b', arguments: { n: 2 } } }],
      },
      { role: 'tool', tool_name: 'step_a', content: 'step_a 1' },
      { role: 'tool', tool_name: 'step_b', content: 'step_b 2' },
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'step_c', arguments: { n: 3 } } }] },
      { role: 'tool', tool_name: 'step_c', content: 'step_c 3' },
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'step_a', arguments: { n: 4 } } }] },
      { role: 'tool', tool_name: 'step_a', content: 'step_a 4' },
    ]);
    expect(h.of('tool-call').map((event) => event.tool)).toEqual(['step_a', 'step_b', 'step_c', 'step_a']);
  });

  it('error then recovery: a failing tool does not stop the run; the model reads the error and tries another way', async () => {
    const broken = testTool({
      id: 'read_file',
      parameters: { path: { type: 'string' } },
      run: () => {
        throw new ToolFailure('No such file: notes.txt. List the folder to see which files exist.');
      },
    });
    const list = testTool({ id: 'list_directory', parameters: { path: { type: 'string' } }, run: () => 'notes.md' });
    const provider = createScriptedProvider({
      replies: [
        callReply(['read_file', { path: 'notes.txt' }]),
        callReply(['list_directory', { path: '.' }]),
        [...say('There is notes.md, not notes.txt.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(broken, list) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(h.of('tool-error')).toEqual([
      expect.objectContaining({ tool: 'read_file', error: 'No such file: notes.txt. List the folder to see which files exist.' }),
    ]);
    expect(provider.requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      tool_name: 'read_file',
      content: 'Error: No such file: notes.txt. List the folder to see which files exist.',
    });
    expect(h.statuses()).toContain('Tool Read File failed, trying another approach...');
    expect(h.of('tool-result').map((event) => event.tool)).toEqual(['list_directory']);
  });

  it('keeps earlier turns of the conversation between the system prompt and the new user message', async () => {
    const provider = createScriptedProvider({ replies: [[...say('Second answer.'), done()]] });
    const history = [
      { role: 'user' as const, content: 'First question' },
      { role: 'assistant' as const, content: 'First answer' },
    ];
    const h = createHarness({ provider, tools: testRegistry(readFile()), history, userText: 'Second question' });

    await runAgent(h.input);

    expect(provider.requests[0]?.messages.slice(1)).toEqual([...history, { role: 'user', content: 'Second question' }]);
  });

  it('streams thinking as thinking-delta events, apart from the answer', async () => {
    const provider = createScriptedProvider({ replies: [[{ type: 'thinking', text: 'Hmm.' }, ...say('Answer.'), done()]] });
    const h = createHarness({ provider, tools: testRegistry() });

    const outcome = await runAgent(h.input);

    expect(h.of('thinking-delta').map((event) => event.text)).toEqual(['Hmm.']);
    expect(h.of('text-delta').map((event) => event.text)).toEqual(['Answer.']);
    expect(outcome.messages).toEqual([{ role: 'assistant', content: 'Answer.' }]);
    expect(provider.requests[0]?.tools).toBeUndefined();
  });
});
