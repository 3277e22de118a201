import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { ConversationSnapshot, ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { AgentRunInput } from '../../agent/loop/agent-types';
import { createConversationStore } from '../../store/conversations/conversation-store';
import { composeAppServices } from '../compose-app-services';
import { defaultPorts } from '../default-ports';
import { fakePorts, fakeRunAgent } from '../testing/fake-ports';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { callService } from '../testing/service-calls';

const cleanups = cleanupAfterEach();

/** A conversation as a killed TACO left it: its run paused on an approval (or a question), never finished. */
async function crashedConversation(waitingOn: 'approval' | 'question'): Promise<{ dataDir: string; conversationId: string }> {
  const dataDir = cleanups.tempDir('taco-resume-');
  const store = createConversationStore({ dataDir, log: () => {} });
  const { conversationId: c } = await store.create({ title: 'Notes', model: 'llama3.2:3b' });
  const run = { conversationId: c, runId: 'old-run' };
  const events: TacoEvent[] = [
    { type: 'user-message', conversationId: c, messageId: 'm1', text: 'Save my notes', at: 1 },
    { type: 'run-start', ...run, model: 'llama3.2:3b', goal: 'Save my notes', startedAt: 2 },
    { type: 'text-delta', ...run, text: 'Saving them now.' },
    {
      type: 'tool-call',
      ...run,
      callId: 'c1',
      tool: 'write_file',
      toolType: 'function',
      args: { path: 'notes.txt' },
      frameId: 'f1',
      at: 3,
    },
    waitingOn === 'approval'
      ? {
          type: 'approval-request',
          ...run,
          approvalId: 'a1',
          callId: 'c1',
          tool: 'write_file',
          args: { path: 'notes.txt' },
          risk: 'write',
          preview: null,
          expiresAt: 9,
        }
      : { type: 'question', ...run, questionId: 'q1', callId: 'c1', question: 'Which folder?' },
  ];
  await store.append(c, events);
  await store.close();
  return { dataDir, conversationId: c };
}

async function restart(dataDir: string) {
  const inputs: AgentRunInput[] = [];
  const services = await composeAppServices(
    { dataDir, openExternal: async () => undefined, batchIntervalMs: 1 },
    fakePorts({
      openStorage: (dir) => defaultPorts.openStorage(dir),
      runAgent: (input) => {
        inputs.push(input);
        return fakeRunAgent(input);
      },
    }),
  );
  cleanups.defer(() => services.dispose());
  const events: TacoEvent[] = [];
  services.subscribe((batch) => events.push(...batch));
  const call = <T>(name: string, request: unknown): Promise<T> => callService<T>(services, name, request);
  return { services, events, inputs, call };
}

describe('workflows paused when TACO stopped', () => {
  it('show after a restart and resume: a new run with the same goal and the history so far, without the unanswered call', async () => {
    const { dataDir, conversationId } = await crashedConversation('approval');
    const app = await restart(dataDir);
    expect((await app.call<ConversationSummary[]>('conversations.list', {}))[0]?.unfinished).toBe('approval');
    const snapshot = await app.call<ConversationSnapshot>('conversation.get', { conversationId });
    expect(snapshot.pending).toMatchObject({
      kind: 'approval',
      runId: 'old-run',
      goal: 'Save my notes',
      tool: 'write_file',
      args: { path: 'notes.txt' },
      risk: 'write',
    });
    expect(snapshot.events.at(-1)).toMatchObject({ type: 'run-finish', runId: 'old-run', reason: 'interrupted' });

    const resumed = await app.call<SendResult>('workflow.resume', { conversationId, model: 'llama3.2:3b' });
    if (resumed.type !== 'run') throw new Error('expected a run');
    await app.services.waitForRun(resumed.runId);
    expect(app.inputs[0]?.userText).toBe('Save my notes');
    expect(app.inputs[0]?.history).toEqual([
      { role: 'user', content: 'Save my notes' },
      { role: 'assistant', content: 'Saving them now.' },
    ]);
    await vi.waitFor(() =>
      expect(app.events.some((event) => event.type === 'conversation-updated' && event.summary.unfinished === undefined)).toBe(true),
    );
    const after = await app.call<ConversationSnapshot>('conversation.get', { conversationId });
    expect(after.pending).toBeNull();
    expect(after.summary.unfinished).toBeUndefined();
    await expect(app.call('workflow.resume', { conversationId, model: 'llama3.2:3b' })).rejects.toThrow(
      /not-found: Nothing in this conversation is waiting/,
    );
  });

  it('abandon drops a paused question for good, across restarts', async () => {
    const { dataDir, conversationId } = await crashedConversation('question');
    const app = await restart(dataDir);
    expect((await app.call<ConversationSnapshot>('conversation.get', { conversationId })).pending).toMatchObject({
      kind: 'question',
      question: 'Which folder?',
    });
    expect(await app.call('workflow.abandon', { conversationId })).toEqual({ abandoned: true });
    await vi.waitFor(() =>
      expect(app.events.find((event) => event.type === 'conversation-updated')).toMatchObject({
        summary: { conversationId, title: 'Notes' },
      }),
    );
    expect(await app.call('workflow.abandon', { conversationId })).toEqual({ abandoned: false });
    await app.services.dispose();

    const again = await restart(dataDir);
    const snapshot = await again.call<ConversationSnapshot>('conversation.get', { conversationId });
    expect(snapshot.pending).toBeNull();
    expect(snapshot.summary.unfinished).toBeUndefined();
    expect(snapshot.events.filter((event) => event.type === 'text-delta')).toHaveLength(1);
    expect(again.inputs).toEqual([]);
  });
});
