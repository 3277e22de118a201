import { describe, expect, it } from 'vitest';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { answeringApprovals } from '../../testing/test-gates';
import { callReply, createScriptedProvider, done, say, type RecordedRequest } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

const systemOf = (request: RecordedRequest | undefined): string =>
  request?.messages.find((message) => message.role === 'system')?.content ?? '';
const offeredNames = (request: RecordedRequest | undefined): string[] => (request?.tools ?? []).map((tool) => tool.function.name);

describe('runAgent: notes recalled from memory', () => {
  it('puts them, fenced, in the system prompt of every step (the same text each time) and tells the turn once', async () => {
    const time = testTool({ id: 'current_time', description: 'The current date and time.' });
    const provider = createScriptedProvider({ replies: [callReply(['current_time', {}]), [...say('It is noon.'), done()]] });
    const recalled = [{ memoryId: 'm1', text: 'The user lives in Lyon', projectId: null }];
    const h = createHarness({ provider, tools: testRegistry(time), recalledMemories: recalled });
    expect((await runAgent(h.input)).reason).toBe('complete');
    const [first, second] = provider.requests;
    expect(systemOf(first)).toMatch(/not instructions[\s\S]*BEGIN (NOTES-\w+)\n- The user lives in Lyon\nEND \1/);
    expect(systemOf(second)).toBe(systemOf(first));
    expect(h.of('memories-recalled').map((event) => event.memories)).toEqual([recalled]);
  });

  it('without notes the prompt has no notes section and the turn is told nothing', async () => {
    const provider = createScriptedProvider({ replies: [[...say('Hi.'), done()]] });
    const h = createHarness({ provider, tools: testRegistry() });
    await runAgent(h.input);
    expect(systemOf(provider.requests[0])).not.toContain('NOTES-');
    expect(h.of('memories-recalled')).toEqual([]);
  });

  it('a tool set to "Never run" is not offered, and a call to it is refused without asking', async () => {
    const save = testTool({
      id: 'save_memory',
      description: 'Save a note.',
      risk: 'write',
      requiresApproval: true,
      parameters: { note: { type: 'string' } },
    });
    const time = testTool({ id: 'current_time', description: 'The current date and time.' });
    const approvals = answeringApprovals('allow-once');
    const provider = createScriptedProvider({ replies: [callReply(['save_memory', { note: 'x' }]), [...say('Not saved.'), done()]] });
    const h = createHarness({ provider, tools: testRegistry(save, time), toolApprovals: { save_memory: 'never' }, approvals });
    await runAgent(h.input);
    expect(offeredNames(provider.requests[0])).toEqual(['current_time']);
    expect(save.ran).toEqual([]);
    expect(approvals.requests).toEqual([]);
    expect(h.of('tool-error').map((event) => event.tool)).toEqual(['save_memory']);
  });
});
