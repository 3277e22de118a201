import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../shared/events';
import { createEventBatcher } from './event-batcher';

const delta = (text: string, runId = 'r1'): TacoEvent => ({ type: 'text-delta', runId, conversationId: 'c1', text });
const thinking = (text: string, runId = 'r1'): TacoEvent => ({ type: 'thinking-delta', runId, conversationId: 'c1', text });
const finish = (runId = 'r1'): TacoEvent => ({
  type: 'run-finish',
  runId,
  conversationId: 'c1',
  reason: 'complete',
  message: 'Done.',
  error: null,
  at: 1,
});

describe('event batcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers 10,000 deltas arriving over 100 ms in at most 7 batches, text intact and in order', () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    let expected = '';
    for (let i = 0; i < 10_000; i += 1) {
      const piece = `${i},`;
      expected += piece;
      batcher.push(delta(piece));
      if (i % 100 === 99) vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(100);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.length).toBeLessThanOrEqual(7);
    const text = batches
      .flat()
      .map((event) => (event.type === 'text-delta' ? event.text : ''))
      .join('');
    expect(text).toBe(expected);
    for (const batch of batches) expect(batch).toHaveLength(1);
  });

  it('waits one interval before the first delivery', () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    batcher.push(delta('a'));
    vi.advanceTimersByTime(15);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[delta('a')]]);
  });

  it('coalesces only adjacent deltas of the same kind and run', () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    batcher.push(thinking('hm'));
    batcher.push(thinking('m'));
    batcher.push(delta('a'));
    batcher.push(delta('b'));
    batcher.push(delta('x', 'r2'));
    batcher.push({ type: 'status', runId: 'r1', conversationId: 'c1', text: 'Formulating response...' });
    batcher.push(delta('c'));
    vi.advanceTimersByTime(16);
    expect(batches).toEqual([
      [
        thinking('hmm'),
        delta('ab'),
        delta('x', 'r2'),
        { type: 'status', runId: 'r1', conversationId: 'c1', text: 'Formulating response...' },
        delta('c'),
      ],
    ]);
  });

  it('delivers a run-finish at once, with everything queued before it', () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    batcher.push(delta('a'));
    batcher.push(finish());
    expect(batches).toEqual([[delta('a'), finish()]]);
    vi.advanceTimersByTime(100);
    expect(batches).toHaveLength(1);
  });

  it('does not deliver empty batches, and after dispose delivers at once', () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    batcher.flush();
    vi.advanceTimersByTime(50);
    expect(batches).toHaveLength(0);
    batcher.push(delta('a'));
    batcher.dispose();
    expect(batches).toEqual([[delta('a')]]);
    batcher.push(delta('b'));
    expect(batches).toEqual([[delta('a')], [delta('b')]]);
  });
});
