import { describe, expect, it } from 'vitest';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { answeringApprovals } from '../../testing/test-gates';
import { callReply, createScriptedProvider, done, say } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

const readFile = () =>
  testTool({
    id: 'read_file',
    risk: 'read',
    requiresApproval: false,
    parameters: { path: { type: 'string' } },
    run: (args) => `Read ${String(args['path'])}`,
  });
const writeFile = () =>
  testTool({
    id: 'write_file',
    risk: 'write',
    requiresApproval: true,
    parameters: { path: { type: 'string' } },
    run: (args) => `Wrote ${String(args['path'])}`,
  });

const twoCalls = (tool: string) =>
  createScriptedProvider({
    replies: [callReply([tool, { path: 'a.txt' }]), callReply([tool, { path: 'b.txt' }]), [...say('Done.'), done()]],
  });

describe('runAgent: per-tool approval overrides', () => {
  it('"ask" asks before a tool whose config needs no approval, every call', async () => {
    const tool = readFile();
    const approvals = answeringApprovals('allow-once', 'allow-once');
    const h = createHarness({ provider: twoCalls('read_file'), tools: testRegistry(tool), approvals, toolApprovals: { read_file: 'ask' } });

    await runAgent(h.input);

    expect(approvals.requests.map((request) => request.tool)).toEqual(['read_file', 'read_file']);
    expect(tool.ran).toHaveLength(2);
  });

  it('"ask" is answered once by Allow for this conversation', async () => {
    const tool = readFile();
    const approvals = answeringApprovals('allow-conversation');
    const h = createHarness({ provider: twoCalls('read_file'), tools: testRegistry(tool), approvals, toolApprovals: { read_file: 'ask' } });

    await runAgent(h.input);

    expect(approvals.requests).toHaveLength(1);
    expect(tool.ran).toHaveLength(2);
  });

  it('"ask" wins over a risk policy of allow', async () => {
    const tool = writeFile();
    const approvals = answeringApprovals('deny', 'deny');
    const h = createHarness({
      provider: twoCalls('write_file'),
      tools: testRegistry(tool),
      approvals,
      approvalPolicy: { read: 'allow', write: 'allow', shell: 'allow', network: 'allow' },
      toolApprovals: { write_file: 'ask' },
    });

    await runAgent(h.input);

    expect(approvals.requests).toHaveLength(2);
    expect(tool.ran).toEqual([]);
  });

  it('"allow" runs a tool that requires approval without asking; other tools keep their rule', async () => {
    const write = writeFile();
    const approvals = answeringApprovals('deny');
    const h = createHarness({
      provider: twoCalls('write_file'),
      tools: testRegistry(write),
      approvals,
      toolApprovals: { write_file: 'allow', run_command: 'ask' },
    });

    await runAgent(h.input);

    expect(approvals.requests).toEqual([]);
    expect(write.ran).toHaveLength(2);
  });

  it("an override for another tool leaves this one on today's rule", async () => {
    const write = writeFile();
    const approvals = answeringApprovals('allow-once', 'allow-once');
    const h = createHarness({
      provider: twoCalls('write_file'),
      tools: testRegistry(write),
      approvals,
      toolApprovals: { read_file: 'allow' },
    });

    await runAgent(h.input);

    expect(approvals.requests).toHaveLength(2);
  });
});
