import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { createCliOutput } from './cli-output';

const run = { runId: 'r1', conversationId: 'c1' };

function capture(json: boolean) {
  let out = '';
  let err = '';
  const output = createCliOutput({
    json,
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
  });
  return { output, out: () => out, err: () => err };
}

const warned: TacoEvent = {
  ...run,
  type: 'approval-request',
  approvalId: 'a1',
  callId: 'k1',
  tool: 'write_file',
  args: { path: '.git/hooks/pre-commit', content: 'x' },
  risk: 'write',
  preview: null,
  scope: null,
  warning: 'Writing .git/hooks/pre-commit can make programs run later.',
  expiresAt: 1,
};

describe('CLI output: approvals', () => {
  it('prints the warning of a write that can make programs run, even under --approve all', () => {
    const cli = capture(false);
    cli.output.events([warned, { ...run, type: 'approval-resolved', approvalId: 'a1', decision: 'allow-once' }]);
    expect(cli.err()).toContain('Warning: Writing .git/hooks/pre-commit can make programs run later.');
    expect(cli.err()).toContain('Approval given (--approve).');
  });
});

describe('CLI output: terminal escapes from the model never reach the terminal', () => {
  const OSC52 = '\u001b]52;c;ZWNobyBwd25lZA==\u0007';
  const CSI = '\u001b[2J\u001b[31m';
  const C1 = '\u009b31m\u009d0;title\u009c';

  it('strips OSC 52, CSI and C1 controls from model text, statuses, tool errors and notes (keeps newlines and tabs)', () => {
    const cli = capture(false);
    cli.output.events([
      { ...run, type: 'text-delta', text: `Hello${OSC52} world${CSI}\n\tindented${C1}\r done\n` },
      { ...run, type: 'status', text: `Reading${CSI} file` },
      {
        ...run,
        type: 'tool-call',
        callId: 'k1',
        tool: 'read_file',
        toolType: 'function',
        args: { path: `x${OSC52}` },
        frameId: 'f1',
        at: 1,
      },
      { ...run, type: 'tool-error', callId: 'k1', tool: 'read_file', error: `"${OSC52}evil" was not found`, durationMs: 1 },
      { ...run, type: 'run-finish', reason: 'provider_error', message: `Stopped${CSI}`, error: `boom${OSC52}`, at: 2 },
    ]);
    cli.output.note(`note${OSC52}`);
    const everything = cli.out() + cli.err();
    expect(everything).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(cli.out()).toBe('Hello world\n\tindented done\n');
    expect(cli.err()).toContain('"evil" was not found');
  });

  it('--json stays exact: JSON escapes the control characters', () => {
    const cli = capture(true);
    const event: TacoEvent = { ...run, type: 'text-delta', text: `a${OSC52}b` };
    cli.output.events([event]);
    expect(cli.out()).not.toContain('\u001b');
    expect(JSON.parse(cli.out())).toEqual({ type: 'text-delta', ...run, text: `a${OSC52}b` });
  });
});

function show(events: TacoEvent[]): string {
  let stderr = '';
  const output = createCliOutput({ json: false, stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } });
  output.events(events);
  return stderr;
}

describe('CLI output: tool selection and truncation', () => {
  it('says how many tools were offered when they were narrowed, nothing otherwise', () => {
    expect(show([{ ...run, type: 'tools-offered', offered: ['a', 'b'], total: 150, narrowed: true, ranker: 'lexical' }])).toContain(
      'Offered 2 of 150 tools (ranked by keywords).',
    );
    expect(show([{ ...run, type: 'tools-offered', offered: ['a', 'b'], total: 2, narrowed: false, ranker: 'lexical' }])).toBe('');
  });

  it('warns with the numbers and what to do when the prompt filled the window', () => {
    const text = show([
      {
        ...run,
        type: 'usage',
        promptTokens: 4096,
        completionTokens: 3,
        tokensPerSecond: 20,
        contextTokens: 4096,
        contextTruncated: false,
        truncated: true,
      },
    ]);
    expect(text).toContain('Ollama kept 4096 tokens in a 4096-token window');
    expect(text).toContain('Raise the context in Conversation options, or use fewer tools.');
  });
});
