import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../shared/contract/json';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { needsApproval, runsAsScratch } from './call-gates';

/** run_command as the gates see it: a built-in shell tool that asks. */
const runCommand = { info: { toolId: 'run_command', risk: 'shell', requiresApproval: true } } as unknown as RegisteredTool;

const input = {
  approvalPolicy: { read: 'allow', write: 'ask', shell: 'ask', network: 'ask' },
  allowedForConversation: new Set<string>(),
  toolApprovals: {},
  workspace: '/w',
  commandSandbox: {
    available: true,
    invocation: () => Promise.reject(new Error('not run')),
    describe: () => ({ sandboxed: true, text: '' }),
  },
  runScratchCommandsWithoutAsking: true,
} as unknown as Parameters<typeof needsApproval>[1];

async function gates(args: JsonObject): Promise<{ asks: boolean; scratch: boolean }> {
  return { asks: await needsApproval(runCommand, input, args), scratch: await runsAsScratch(runCommand, input, args) };
}

describe('the gates of run_command and its network argument', () => {
  it('a command with no hosts, or an empty list, runs unasked in the scratch sandbox (no network there)', async () => {
    expect(await gates({ command: 'ls' })).toEqual({ asks: false, scratch: true });
    expect(await gates({ command: 'ls', network: [] })).toEqual({ asks: false, scratch: true });
  });

  it('a command that names hosts always asks, and never runs as a scratch command', async () => {
    expect(await gates({ command: 'pip download x', network: ['pypi.org'] })).toEqual({ asks: true, scratch: false });
  });

  it('a network argument that names no valid hosts is not put to the user (run_command refuses it before anything starts), nor run as scratch', async () => {
    for (const network of [true, 'pypi.org', ['*'], ['pypi.org', 'http://x.example/']])
      expect(await gates({ command: 'ls', network })).toEqual({ asks: false, scratch: false });
  });
});
