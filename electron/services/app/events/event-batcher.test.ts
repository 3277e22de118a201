import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
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

  it('delivers 10,000 deltas arriving over 100 ms in at most 8 batches (one at once, then one per interval), text intact and in order', () => {
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
    expect(batches.length).toBeLessThanOrEqual(1 + Math.ceil(100 / 16));
    const text = batches
      .flat()
      .map((event) => (event.type === 'text-delta' ? event.text : ''))
      .join('');
    expect(text).toBe(expected);
    for (const batch of batches) expect(batch).toHaveLength(1);
  });

  it('after a quiet interval delivers on the next turn, with everything of that turn, then waits one interval', () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    batcher.push(delta('a'));
    batcher.push(delta('b'));
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(batches).toEqual([[delta('ab')]]);
    batcher.push(delta('c'));
    vi.advanceTimersByTime(15);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[delta('ab')], [delta('c')]]);
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

  it("holds a run's opening events for its first output and sends them with it at once, or after an interval without one", () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    const start: TacoEvent = { type: 'status', runId: 'r1', conversationId: 'c1', text: 'Thinking…' };
    batcher.push(start);
    vi.advanceTimersByTime(4);
    // Sent alone, the opening would have started the interval and the first token would wait 12 ms more.
    expect(batches).toHaveLength(0);
    batcher.push(delta('Hel'));
    vi.advanceTimersByTime(0);
    expect(batches).toEqual([[start, delta('Hel')]]);
    // A later opening with no output behind it still goes out within one interval.
    vi.advanceTimersByTime(100);
    const again: TacoEvent = { type: 'status', runId: 'r2', conversationId: 'c1', text: 'Thinking…' };
    batcher.push(again);
    vi.advanceTimersByTime(15);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[start, delta('Hel')], [again]]);
  });

  it('holds a run-finish that comes right after a batch for the rest of the interval, then sends it', () => {
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16 });
    batcher.push(delta('a'));
    vi.advanceTimersByTime(0);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(5);
    batcher.push(delta('b'));
    batcher.push(finish());
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(10);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[delta('a')], [delta('b'), finish()]]);
  });
});

describe('event batcher on a busy event loop', () => {
  /** Timers fired by hand, with a clock set by hand: a timer may fire early, as Node's do when armed mid-turn. */
  function manualTimers() {
    let clock = 0;
    const pending: Array<{ callback: () => void; ms: number }> = [];
    return {
      timers: {
        setTimeout: (callback: () => void, ms: number) => {
          const entry = { callback, ms };
          pending.push(entry);
          return entry;
        },
        clearTimeout: (handle: unknown) => {
          const index = pending.indexOf(handle as { callback: () => void; ms: number });
          if (index >= 0) pending.splice(index, 1);
        },
        now: () => clock,
      },
      setClock: (ms: number) => (clock = ms),
      fireNext: () => pending.shift()?.callback(),
      armed: () => pending.map((entry) => entry.ms),
    };
  }

  it('never sends two batches less than an interval apart, even when its timer fires early', () => {
    const manual = manualTimers();
    const batches: TacoEvent[][] = [];
    const batcher = createEventBatcher({ deliver: (batch) => batches.push(batch), intervalMs: 16, timers: manual.timers });
    batcher.push(delta('a'));
    manual.setClock(16);
    manual.fireNext();
    expect(batches).toEqual([[delta('a')]]);
    manual.setClock(17);
    batcher.push(delta('b'));
    // Armed during a long turn of the loop: it fires 9 ms after the last batch instead of 16+.
    manual.setClock(25);
    manual.fireNext();
    expect(batches).toHaveLength(1);
    expect(manual.armed()).toEqual([7]);
    manual.setClock(32);
    manual.fireNext();
    expect(batches).toEqual([[delta('a')], [delta('b')]]);
  });
});
