import { describe, expect, it } from 'vitest';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { answeringApprovals } from '../../testing/test-gates';
import { callReply, createScriptedProvider, done, say } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

const writeFile = () =>
  testTool({
    id: 'write_file',
    risk: 'write',
    requiresApproval: true,
    parameters: { path: { type: 'string' }, content: { type: 'string' } },
    run: (args) => `Wrote ${String(args['path'])}`,
    preview: async (args) => `+++ ${String(args['path'])}\n+${String(args['content'])}`,
  });

const twoWrites = () =>
  createScriptedProvider({
    replies: [
      callReply(['write_file', { path: 'a.txt', content: 'A' }]),
      callReply(['write_file', { path: 'b.txt', content: 'B' }]),
      [...say('Done.'), done()],
    ],
  });

describe('runAgent: approvals', () => {
  it('asks before a risky tool, with the preview, and runs it on Allow once', async () => {
    const tool = writeFile();
    const approvals = answeringApprovals('allow-once');
    const h = createHarness({ provider: twoWrites(), tools: testRegistry(tool), approvals });

    await runAgent(h.input);

    expect(tool.ran).toHaveLength(2);
    expect(approvals.requests).toHaveLength(2);
    expect(approvals.requests[0]).toEqual({
      runId: 'run-1',
      conversationId: 'conv-1',
      callId: 'run-1-call-1',
      tool: 'write_file',
      args: { path: 'a.txt', content: 'A' },
      risk: 'write',
      preview: '+++ a.txt\n+A',
      scope: 'a.txt',
      warning: null,
    });
    expect(h.of('stack').some((event) => event.frames[0]?.state === 'waiting-approval')).toBe(true);
    expect(h.statuses()).toContain('Waiting for your approval to use Write File...');
  });

  it('Deny: the tool does not run; the model reads that the user denied it; not counted as an error', async () => {
    const tool = writeFile();
    const approvals = answeringApprovals('deny', 'deny', 'deny');
    const provider = createScriptedProvider({
      replies: [1, 2, 3, 4]
        .map((n) => callReply(['write_file', { path: `${n}.txt`, content: 'x' }]))
        .concat([[...say('I could not write.'), done()]]),
    });
    const h = createHarness({ provider, tools: testRegistry(tool), approvals });

    const outcome = await runAgent(h.input);

    expect(tool.ran).toEqual([]);
    expect(outcome.reason).toBe('complete');
    expect(provider.requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      tool_name: 'write_file',
      content:
        'Error: Not run: the user denied this call of write_file. Do not try it again; continue without it or tell the user what you need.',
    });
    expect(h.input.stack.frames()).toEqual([]);
  });

  it('an approval nobody answers in time counts as a denial', async () => {
    const tool = writeFile();
    const h = createHarness({ provider: twoWrites(), tools: testRegistry(tool), approvals: answeringApprovals('timeout') });

    await runAgent(h.input);

    expect(tool.ran).toEqual([]);
    expect(h.of('tool-error')[0]?.error).toMatch(/nobody approved this call of write_file in time/);
    // The row says Denied, not "Failed · 0 ms".
    expect(h.of('tool-error')[0]?.ending).toBe('denied');
  });

  it("Allow for this conversation: remembered in the conversation's set for that path only (the other path asks)", async () => {
    const tool = writeFile();
    const approvals = answeringApprovals('allow-conversation');
    const h = createHarness({ provider: twoWrites(), tools: testRegistry(tool), approvals });

    await runAgent(h.input);

    expect(tool.ran).toHaveLength(2);
    expect(approvals.requests).toHaveLength(2);
    expect([...h.input.allowedForConversation]).toEqual(['write_file\u0000path:a.txt', 'write_file\u0000path:b.txt']);
  });

  it("does not ask when the risk's policy is allow, or for tools that need no approval", async () => {
    const tool = writeFile();
    const approvals = answeringApprovals('deny');
    const h = createHarness({
      provider: twoWrites(),
      tools: testRegistry(tool),
      approvals,
      approvalPolicy: { read: 'allow', write: 'allow', shell: 'ask', network: 'ask' },
    });

    await runAgent(h.input);

    expect(tool.ran).toHaveLength(2);
    expect(approvals.requests).toEqual([]);
  });

  it('a run cancelled while an approval waits ends cancelled, with the frame gone', async () => {
    const controller = new AbortController();
    const tool = writeFile();
    const approvals = {
      request: (_request: unknown, signal: AbortSignal) =>
        new Promise<'deny'>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('withdrawn')));
          controller.abort();
        }),
    };
    const h = createHarness({ provider: twoWrites(), tools: testRegistry(tool), approvals, signal: controller.signal });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('cancelled');
    expect(tool.ran).toEqual([]);
    expect(h.input.stack.frames()).toEqual([]);
  });
});
