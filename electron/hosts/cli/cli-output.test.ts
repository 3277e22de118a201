import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/events';
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
