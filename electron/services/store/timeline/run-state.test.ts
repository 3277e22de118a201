import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { describeStopReason } from '../../../../shared/conversations/stop-reason';
import { finishInterruptedRuns, trackMark, unfinishedOf } from './run-state';

const c = 'conv';
const user = (messageId: string, text = messageId): TacoEvent => ({ type: 'user-message', conversationId: c, messageId, text, at: 1 });
const start = (runId: string, goal = 'goal'): TacoEvent => ({
  type: 'run-start',
  conversationId: c,
  runId,
  model: 'm',
  goal,
  startedAt: 1,
});
const text = (runId: string, value: string): TacoEvent => ({ type: 'text-delta', conversationId: c, runId, text: value });
const finish = (runId: string): TacoEvent => ({
  type: 'run-finish',
  conversationId: c,
  runId,
  reason: 'complete',
  message: 'Done.',
  error: null,
  at: 9,
});
const approval = (runId: string): TacoEvent => ({
  type: 'approval-request',
  conversationId: c,
  runId,
  approvalId: 'a1',
  callId: 'call-1',
  tool: 'write_file',
  args: { path: 'notes.txt', content: 'hi' },
  risk: 'write',
  preview: null,
  expiresAt: 99,
});
const question = (runId: string): TacoEvent => ({
  type: 'question',
  conversationId: c,
  runId,
  questionId: 'q1',
  callId: 'call-2',
  question: 'Which colour?',
});
const none = { isLive: () => false, abandoned: new Set<string>() };
const ats = (events: TacoEvent[]): number[] => events.map((_, index) => 100 + index);

describe('interrupted runs', () => {
  it('gives a run that never finished a run-finish "interrupted" at its end, keeping its partial text', () => {
    const events = [user('m1'), start('r1'), text('r1', 'Half an ans')];
    const result = finishInterruptedRuns(events, ats(events), none);
    expect(result.events.slice(0, 3)).toEqual(events);
    expect(result.events[3]).toEqual({
      type: 'run-finish',
      conversationId: c,
      runId: 'r1',
      reason: 'interrupted',
      message: describeStopReason('interrupted'),
      error: null,
      at: 102,
    });
    expect(result.events).toHaveLength(4);
    expect(result.pending).toBeNull();
  });

  it('leaves finished runs and the runs this process still runs alone', () => {
    const events = [user('m1'), start('r1'), text('r1', 'done'), finish('r1'), user('m2'), start('r2'), text('r2', 'stream')];
    expect(finishInterruptedRuns(events, ats(events), { ...none, isLive: (runId) => runId === 'r2' }).events).toEqual(events);
  });

  it('closes a cut-off run where it ended when the conversation went on after a restart', () => {
    const events = [user('m1'), start('r1'), text('r1', 'cut'), user('m2'), start('r2'), finish('r2')];
    const out = finishInterruptedRuns(events, ats(events), none).events;
    expect(out.map((event) => `${event.type}${'runId' in event ? `:${event.runId}` : ''}`)).toEqual([
      'user-message',
      'run-start:r1',
      'text-delta:r1',
      'run-finish:r1',
      'user-message',
      'run-start:r2',
      'run-finish:r2',
    ]);
    expect(out[3]).toMatchObject({ reason: 'interrupted', at: 102 });
  });

  it('reports a run paused on an approval or a question as pending, with what it waited for', () => {
    const onApproval = [user('m1'), start('r1', 'Write the notes'), approval('r1')];
    const paused = finishInterruptedRuns(onApproval, ats(onApproval), none);
    expect(paused.pending).toEqual({
      kind: 'approval',
      runId: 'r1',
      goal: 'Write the notes',
      callId: 'call-1',
      tool: 'write_file',
      args: { path: 'notes.txt', content: 'hi' },
      risk: 'write',
    });
    expect(paused.events.at(-1)).toMatchObject({
      type: 'run-finish',
      reason: 'interrupted',
      message: expect.stringMatching(/waited for your approval.*Resume/),
    });

    const onQuestion = [user('m1'), start('r1'), question('r1')];
    expect(finishInterruptedRuns(onQuestion, ats(onQuestion), none).pending).toMatchObject({
      kind: 'question',
      question: 'Which colour?',
      callId: 'call-2',
    });

    const answered = [
      ...onQuestion,
      { type: 'question-answered', conversationId: c, runId: 'r1', questionId: 'q1', answer: 'red' } as TacoEvent,
    ];
    expect(finishInterruptedRuns(answered, ats(answered), none).pending).toBeNull();
  });

  it('an abandoned run is no longer pending, and says so', () => {
    const events = [user('m1'), start('r1'), approval('r1')];
    const result = finishInterruptedRuns(events, ats(events), { ...none, abandoned: new Set(['r1']) });
    expect(result.pending).toBeNull();
    expect(result.events.at(-1)).toMatchObject({ reason: 'interrupted', message: expect.stringMatching(/abandoned/) });
  });

  it('tracks the open run compactly for the index', () => {
    const events = [start('r1'), approval('r1')];
    const mark = events.reduce(trackMark, null);
    expect(mark).toEqual({ runId: 'r1', waiting: 'approval' });
    expect(unfinishedOf(mark, () => false)).toBe('approval');
    expect(unfinishedOf(mark, () => true)).toBeUndefined();
    expect(unfinishedOf(trackMark(mark, finish('r1')), () => false)).toBeUndefined();
    expect(unfinishedOf(trackMark(null, start('r2')), () => false)).toBe('interrupted');
  });
});
