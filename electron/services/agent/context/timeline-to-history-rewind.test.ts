import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { timelineToHistory } from './timeline-to-history';

const c = 'conv-1';
const user = (messageId: string, text: string): TacoEvent => ({ type: 'user-message', conversationId: c, messageId, text, at: 1 });
const start = (runId: string): TacoEvent => ({ type: 'run-start', conversationId: c, runId, model: 'm', goal: 'g', startedAt: 1 });
const say = (runId: string, text: string): TacoEvent => ({ type: 'text-delta', conversationId: c, runId, text });
const finish = (runId: string, reason: 'complete' | 'interrupted' = 'complete'): TacoEvent => ({
  type: 'run-finish',
  conversationId: c,
  runId,
  reason,
  message: '',
  error: null,
  at: 2,
});
const rewind = (fromMessageId: string): TacoEvent => ({ type: 'timeline-rewound', conversationId: c, fromMessageId, at: 3 });

describe('timelineToHistory: rewinds and unanswered calls', () => {
  it('drops the rewound message and everything after it, and goes on from the new message', () => {
    const events = [
      user('m1', 'first'),
      start('r1'),
      say('r1', 'one'),
      finish('r1'),
      user('m2', 'second'),
      start('r2'),
      say('r2', 'two'),
      finish('r2'),
      rewind('m2'),
      user('m3', 'second, edited'),
      start('r3'),
      say('r3', 'three'),
      finish('r3'),
    ];
    expect(timelineToHistory(events)).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: 'second, edited' },
      { role: 'assistant', content: 'three' },
    ]);
  });

  it('a regenerate right after the message keeps only what came before it; an unknown id withdraws nothing', () => {
    const events = [user('m1', 'first'), start('r1'), say('r1', 'one'), finish('r1'), rewind('m1'), user('m1b', 'first'), rewind('nope')];
    expect(timelineToHistory(events)).toEqual([{ role: 'user', content: 'first' }]);
  });

  it('leaves out a call that never got its result (TACO stopped while it waited for an approval)', () => {
    const events: TacoEvent[] = [
      user('m1', 'write it'),
      start('r1'),
      say('r1', 'Writing.'),
      {
        type: 'usage',
        conversationId: c,
        runId: 'r1',
        promptTokens: 1,
        completionTokens: 1,
        tokensPerSecond: null,
        contextTokens: 8,
        contextTruncated: false,
      },
      {
        type: 'tool-call',
        conversationId: c,
        runId: 'r1',
        callId: 'c1',
        tool: 'write_file',
        toolType: 'function',
        args: { path: 'a' },
        frameId: 'f1',
        at: 1,
      },
      {
        type: 'approval-request',
        conversationId: c,
        runId: 'r1',
        approvalId: 'a1',
        callId: 'c1',
        tool: 'write_file',
        args: { path: 'a' },
        risk: 'write',
        preview: null,
        expiresAt: 9,
      },
      finish('r1', 'interrupted'),
    ];
    expect(timelineToHistory(events)).toEqual([
      { role: 'user', content: 'write it' },
      { role: 'assistant', content: 'Writing.' },
    ]);
  });
});
