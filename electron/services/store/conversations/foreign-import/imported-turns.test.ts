import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../../../shared/contract/contract-error';
import { importedTime, importedTitle, importRefused, turnsToTimeline } from './imported-turns';

const FALLBACK = 42;

describe('a foreign conversation as a TACO timeline', () => {
  it('a user message per user turn, one finished run per answer, consecutive answers joined, thinking kept; nothing else', () => {
    let n = 0;
    const timeline = turnsToTimeline(
      {
        title: 'Trip',
        createdAt: 5,
        skipped: 0,
        turns: [
          { role: 'user', text: 'hi', at: 10 },
          { role: 'assistant', text: 'hello', thinking: '', model: 'gpt-4o', at: 20 },
          { role: 'assistant', text: 'again', thinking: 'think', model: 'gpt-4o', at: 30 },
          { role: 'user', text: 'bye', at: 40 },
        ],
      },
      () => `id-${++n}`,
    );
    const c = 'import';
    expect(timeline).toEqual({
      title: 'Trip',
      model: null,
      createdAt: 5,
      pinned: false,
      events: [
        { type: 'user-message', conversationId: c, messageId: 'id-1', text: 'hi', at: 10 },
        { type: 'run-start', conversationId: c, runId: 'id-2', model: 'gpt-4o', goal: '', startedAt: 20 },
        { type: 'text-delta', conversationId: c, runId: 'id-2', text: 'hello' },
        { type: 'text-delta', conversationId: c, runId: 'id-2', text: '\n\n' },
        { type: 'thinking-delta', conversationId: c, runId: 'id-2', text: 'think' },
        { type: 'text-delta', conversationId: c, runId: 'id-2', text: 'again' },
        { type: 'run-finish', conversationId: c, runId: 'id-2', reason: 'complete', message: '', error: null, at: 30 },
        { type: 'user-message', conversationId: c, messageId: 'id-3', text: 'bye', at: 40 },
      ],
    });
    expect(turnsToTimeline({ title: 'Empty', createdAt: 1, skipped: 0, turns: [] }, () => 'x').events).toEqual([]);
  });

  it('a refusal is an invalid payload naming the source and the reason, and says nothing was imported', () => {
    const error = importRefused('Claude', 'it is broken');
    expect(error).toBeInstanceOf(ContractError);
    expect(error.code).toBe('invalid-payload');
    expect(error.message).toBe('This Claude export cannot be imported: it is broken.');
  });
});

describe('times and titles read from a foreign file', () => {
  it('seconds become milliseconds, milliseconds stay, from 1e11 on a number is already milliseconds', () => {
    expect(importedTime(1_735_812_000.1234, FALLBACK)).toBe(1_735_812_000_123);
    expect(importedTime(1_735_812_000_123, FALLBACK)).toBe(1_735_812_000_123);
    expect(importedTime(1e11 - 1, FALLBACK)).toBe((1e11 - 1) * 1000);
    expect(importedTime(1e11, FALLBACK)).toBe(1e11);
  });

  it('an ISO date is read; zero, negative, infinite, unreadable or missing values give the fallback', () => {
    expect(importedTime('2025-01-03T09:00:00Z', FALLBACK)).toBe(Date.parse('2025-01-03T09:00:00Z'));
    for (const value of [0, -5, Number.POSITIVE_INFINITY, Number.NaN, 'not a date', '', null, undefined, {}, true])
      expect(importedTime(value, FALLBACK), String(value)).toBe(FALLBACK);
  });

  it('a title is one trimmed line, or the fallback when blank or not text', () => {
    expect(importedTitle('  a\n\tb  ', 'F')).toBe('a b');
    expect(importedTitle('   ', 'F')).toBe('F');
    expect(importedTitle(7, 'F')).toBe('F');
    expect(importedTitle(null, 'F')).toBe('F');
  });
});
