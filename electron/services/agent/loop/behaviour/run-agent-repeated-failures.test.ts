import { describe, expect, it } from 'vitest';
import { REPEATED_CALL_MESSAGE } from '../../tool-calls/execute-tool-call';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { callReply, createScriptedProvider, done, say } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace.',
    parameters: { path: { type: 'string', description: 'File path relative to the workspace.' } },
    run: (args) => `contents of ${String(args['path'])}`,
  });

const same = (name: string, args: Record<string, string>, times: number) => Array.from({ length: times }, () => callReply([name, args]));

describe('runAgent: the same failing call again and again', () => {
  it('an unknown tool called again: "already failed" with the reason; the 3rd stops with consecutive_errors naming the tool', async () => {
    const provider = createScriptedProvider({ replies: [...same('open_file', { path: 'a' }, 3), [...say('unused'), done()]] });
    // A high error limit: the stop comes from the repeat rule, not from counting errors.
    const h = createHarness({ provider, tools: testRegistry(readFile()), limits: { maxConsecutiveErrors: 10 } });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('consecutive_errors');
    expect(provider.requests).toHaveLength(3);
    const errors = h.of('tool-error').map((event) => event.error);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('There is no tool named "open_file"');
    expect(errors[1]).toMatch(/^Not run: this exact call \(same tool, same arguments\) already failed just before/);
    expect(errors[1]).toContain('There is no tool named "open_file"');
    expect(errors[1]).not.toContain('you already have this result');
    const fedBack = provider.requests[2]?.messages.at(-1);
    expect(fedBack).toEqual({ role: 'tool', tool_name: 'open_file', content: `Error: ${errors[1] ?? ''}` });
    expect(errors[2]).toContain('open_file was called 3 times in a row with the same arguments that failed; the run stops here.');
    const finish = h.of('run-finish')[0];
    expect(finish?.reason).toBe('consecutive_errors');
    expect(finish?.error).toMatch(/^The last failing call was open_file: open_file was called 3 times/);
    expect(finish?.error).toContain('There is no tool named "open_file"');
  });

  it('arguments failing validation, sent again unchanged: the repeat says it already failed and why; the 3rd stops with consecutive_errors', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({ replies: [...same('read_file', { pth: 'a.txt' }, 3), [...say('unused'), done()]] });
    const h = createHarness({ provider, tools: testRegistry(tool), limits: { maxConsecutiveErrors: 10 } });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('consecutive_errors');
    expect(tool.ran).toEqual([]);
    const errors = h.of('tool-error').map((event) => event.error);
    expect(errors[0]).toContain('The arguments for read_file are not valid:');
    expect(errors[1]).toContain('already failed just before');
    expect(errors[1]).toContain('- "pth": not a parameter of read_file.');
    expect(h.of('run-finish')[0]?.error).toContain('read_file');
    expect(h.of('run-finish')[0]?.error).toContain('not a parameter of read_file');
  });

  it('a successful call repeated still stops with repeated_call and "you already have this result"', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({ replies: [...same('read_file', { path: 'a.txt' }, 3), [...say('unused'), done()]] });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('repeated_call');
    expect(tool.ran).toHaveLength(1);
    expect(h.of('tool-error')[0]?.error).toBe(REPEATED_CALL_MESSAGE);
    expect(h.of('run-finish')[0]?.error).toBeNull();
  });

  it('a failing call, fixed, then the fixed call repeated: the repeat is of a success (repeated_call rules apply)', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({
      replies: [
        callReply(['read_file', { pth: 'a.txt' }]),
        callReply(['read_file', { path: 'a.txt' }]),
        callReply(['read_file', { path: 'a.txt' }]),
        [...say('It says hi.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(h.of('tool-error').map((event) => event.error)).toEqual([expect.stringContaining('are not valid'), REPEATED_CALL_MESSAGE]);
    // Invalid arguments are the model's failure; the repeat was skipped without running.
    expect(h.of('tool-error').map((event) => event.ending)).toEqual(['failed', 'skipped']);
  });

  it('a tool that threw, then three different failing calls: consecutive_errors names the last failing tool and its error', async () => {
    const failing = testTool({
      id: 'fetch_url',
      parameters: { url: { type: 'string' } },
      run: () => {
        throw new Error('Connection refused.');
      },
    });
    const provider = createScriptedProvider({ replies: [1, 2, 3].map((n) => callReply(['fetch_url', { url: `http://x/${n}` }])) });
    const h = createHarness({ provider, tools: testRegistry(failing) });

    expect((await runAgent(h.input)).reason).toBe('consecutive_errors');
    expect(h.of('run-finish')[0]?.error).toBe('The last failing call was fetch_url: Connection refused.');
  });
});
