import { describe, expect, it } from 'vitest';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { answeringApprovals } from '../../testing/test-gates';
import { callReply, createScriptedProvider, done, say, type RecordedRequest } from '../../testing/scripted-provider';
import { testRegistry, testTool, type TestTool } from '../../testing/test-tools';
import { runDirectToolCall } from '../../../workflows/direct-tool-call';

/** Security IV finding 2: a conversation's allowed tools, and the tools a step offered, are enforced where a call runs. */

function tools(): Record<'read' | 'write' | 'shell' | 'time', TestTool> {
  return {
    read: testTool({ id: 'read_file', description: 'Read a text file.', parameters: { path: { type: 'string' } } }),
    write: testTool({
      id: 'write_file',
      description: 'Write a text file.',
      risk: 'write',
      requiresApproval: true,
      parameters: { path: { type: 'string' }, content: { type: 'string' } },
    }),
    shell: testTool({
      id: 'run_command',
      description: 'Run a shell command.',
      risk: 'shell',
      requiresApproval: true,
      parameters: { command: { type: 'string' } },
    }),
    time: testTool({ id: 'current_time', description: 'The current date and time.' }),
  };
}

const offeredNames = (request: RecordedRequest | undefined): string[] => (request?.tools ?? []).map((tool) => tool.function.name);

describe('runAgent: a conversation limited to some tools (a preset’s allowedTools)', () => {
  it('offers only the allowed tools and refuses a call to any other, approved or not, with the list of allowed ones', async () => {
    const t = tools();
    const approvals = answeringApprovals('allow-once');
    const provider = createScriptedProvider({
      replies: [
        callReply(['write_file', { path: 'a.txt', content: 'x' }], ['run_command', { command: 'rm -rf ~' }]),
        [...say('I can only read.'), done()],
      ],
    });
    const h = createHarness({
      provider,
      tools: testRegistry(t.read, t.write, t.shell, t.time),
      conversation: { allowedTools: ['read_file'] },
      approvals,
    });

    expect((await runAgent(h.input)).reason).toBe('complete');

    expect(offeredNames(provider.requests[0])).toEqual(['read_file']);
    expect(t.write.ran).toEqual([]);
    expect(t.shell.ran).toEqual([]);
    // Never put to the user: a refused call is not an approval question.
    expect(approvals.requests).toEqual([]);
    const errors = h.of('tool-error').map((event) => event.error);
    expect(errors[0]).toBe(
      [
        'Not run: the tool "write_file" is not available here. The available tools are:',
        '- read_file: Read a text file.',
        'Call one of these by its exact name, or answer without a tool.',
      ].join('\n'),
    );
    expect(errors[1]).toContain('Not run: the tool "run_command" is not available here.');
  });

  it('the prompt-based tool format lists only the allowed tools and refuses the others too', async () => {
    const t = tools();
    const provider = createScriptedProvider({
      capabilities: { tools: false },
      replies: [
        [...say('{"name": "run_command", "arguments": {"command": "id"}}'), done()],
        [...say('Done.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(t.read, t.shell), conversation: { allowedTools: ['read_file'] } });

    await runAgent(h.input);

    const system = provider.requests[0]?.messages[0]?.content ?? '';
    expect(system).toContain('read_file');
    expect(system).not.toContain('run_command');
    expect(t.shell.ran).toEqual([]);
    expect(h.of('tool-error')[0]?.error).toContain('Not run: the tool "run_command" is not available here.');
  });

  it('a workflow’s direct tool call in the conversation is held to its tools as well', async () => {
    const t = tools();
    const h = createHarness({
      provider: createScriptedProvider({ replies: [] }),
      tools: testRegistry(t.read, t.shell),
      conversation: { allowedTools: ['read_file'] },
    });

    const refused = await runDirectToolCall(h.input, 'run_command', { command: 'id' });
    const allowed = await runDirectToolCall(h.input, 'read_file', { path: 'a.txt' });

    expect(refused).toMatchObject({ type: 'error', error: expect.stringContaining('"run_command" is not available here') });
    expect(t.shell.ran).toEqual([]);
    expect(allowed).toEqual({ type: 'result', output: 'ok: read_file' });
  });
});

describe('runAgent: a call to a tool the step did not offer', () => {
  it('is refused with the offered tools (kept ones included), never asked about, and earns the tool no place in the next request', async () => {
    const t = tools();
    const approvals = answeringApprovals('allow-once');
    let notOffered = '';
    const provider = createScriptedProvider({
      replies: [
        (request) => {
          const offered = offeredNames(request);
          notOffered = ['run_command', 'write_file', 'current_time', 'read_file'].find((name) => !offered.includes(name)) ?? '';
          return callReply([notOffered, notOffered === 'run_command' ? { command: 'id' } : { path: 'b.txt', content: 'y' }]);
        },
        (request) =>
          callReply(offeredNames(request).includes(notOffered) ? [notOffered, { command: 'again' }] : ['read_file', { path: 'a.txt' }]),
        [...say('Read it.'), done()],
      ],
    });
    const h = createHarness({
      provider,
      tools: testRegistry(t.read, t.write, t.shell, t.time),
      userText: 'Read the file a.txt',
      toolBudget: 2,
      approvals,
    });

    expect((await runAgent(h.input)).reason).toBe('complete');

    const first = offeredNames(provider.requests[0]);
    expect(first).toHaveLength(2);
    expect(['run_command', 'write_file']).toContain(notOffered);
    expect(t.shell.ran).toEqual([]);
    expect(t.write.ran).toEqual([]);
    expect(approvals.requests).toEqual([]);
    const error = h.of('tool-error')[0]?.error ?? '';
    expect(error.split('\n')[0]).toBe(`Not run: the tool "${notOffered}" is not available here. The available tools are:`);
    for (const name of first) expect(error).toContain(`- ${name}:`);
    // The refused call did not make it "used in the run": the next request still leaves it out.
    expect(offeredNames(provider.requests[1])).not.toContain(notOffered);
    expect(t.read.ran).toEqual([{ path: 'a.txt' }]);
  });

  it('a step that offered no tools (a greeting) runs none of the calls its reply still carries', async () => {
    const t = tools();
    const provider = createScriptedProvider({
      replies: [callReply(['current_time', {}]), [...say('Hello!'), done()]],
    });
    const h = createHarness({ provider, tools: testRegistry(t.time), userText: 'hi' });

    await runAgent(h.input);

    expect(provider.requests[0]?.tools).toBeUndefined();
    expect(t.time.ran).toEqual([]);
    expect(h.of('tool-error')[0]?.error).toBe(
      'Not run: the tool "current_time" is not available here, and no tools are available. Answer the user without tools.',
    );
  });
});
