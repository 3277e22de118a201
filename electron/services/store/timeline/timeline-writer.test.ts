import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { ConversationStore } from '../conversations/conversation-store';
import { createTimelineWriter } from './timeline-writer';

const id = 'conv-1';
const delta = (text: string): TacoEvent => ({ type: 'text-delta', conversationId: id, runId: 'r1', text });

/** Records appends with the (fake) time they happened. */
function fakeStore(fail: () => Error | null = () => null) {
  const appends: Array<{ at: number; events: TacoEvent[] }> = [];
  const store = {
    append: async (_conversationId: string, events: readonly TacoEvent[]) => {
      const error = fail();
      if (error) throw error;
      appends.push({ at: Date.now(), events: [...events] });
    },
  } as unknown as ConversationStore;
  return { store, appends };
}

const textOf = (appends: Array<{ events: TacoEvent[] }>): string =>
  appends
    .flatMap((append) => append.events)
    .map((event) => (event.type === 'text-delta' ? event.text : ''))
    .join('');

describe('timeline writer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('buffers streamed text and writes it within the flush interval, not once per token', async () => {
    const { store, appends } = fakeStore();
    const writer = createTimelineWriter(store, id, { flushIntervalMs: 500, log: () => {} });
    // One token every 10 ms for 2 seconds.
    for (let index = 0; index < 200; index += 1) {
      writer.write(delta(`${index} `));
      await vi.advanceTimersByTimeAsync(10);
    }
    await writer.close();
    expect(appends.length).toBeGreaterThanOrEqual(4);
    expect(appends.length).toBeLessThanOrEqual(5);
    expect(appends[0]?.at).toBe(500);
    for (let index = 1; index < appends.length; index += 1)
      expect((appends[index]?.at ?? 0) - (appends[index - 1]?.at ?? 0)).toBeLessThanOrEqual(500);
    expect(textOf(appends)).toBe(Array.from({ length: 200 }, (_, index) => `${index} `).join(''));
  });

  it('writes nothing before the interval and everything at it', async () => {
    const { store, appends } = fakeStore();
    const writer = createTimelineWriter(store, id, { flushIntervalMs: 500, log: () => {} });
    writer.write([delta('a'), delta('b')]);
    await vi.advanceTimersByTimeAsync(499);
    expect(appends).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(appends).toEqual([{ at: 500, events: [delta('a'), delta('b')] }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(appends).toHaveLength(1);
  });

  it('uses the 500 ms default', async () => {
    const { store, appends } = fakeStore();
    const writer = createTimelineWriter(store, id, { log: () => {} });
    writer.write(delta('a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(appends).toHaveLength(1);
  });

  it('writes the prompt and the end of a run at once', async () => {
    const { store, appends } = fakeStore();
    const writer = createTimelineWriter(store, id, { flushIntervalMs: 500, log: () => {} });
    writer.write({ type: 'user-message', conversationId: id, messageId: 'm', text: 'hi', at: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(appends.map((append) => append.at)).toEqual([0]);
    writer.write(delta('x'));
    writer.write({ type: 'run-finish', conversationId: id, runId: 'r1', reason: 'complete', message: 'Done.', error: null, at: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(appends).toHaveLength(2);
    expect(appends[1]?.events.map((event) => event.type)).toEqual(['text-delta', 'run-finish']);
  });

  it('flush() writes at once; after close() writes go straight through', async () => {
    const { store, appends } = fakeStore();
    const writer = createTimelineWriter(store, id, { flushIntervalMs: 500, log: () => {} });
    writer.write(delta('a'));
    await writer.flush();
    expect(appends).toHaveLength(1);
    await writer.close();
    writer.write(delta('late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(appends).toHaveLength(2);
    expect(textOf(appends)).toBe('alate');
  });

  it('keeps events through a failed write and retries them, in order', async () => {
    let failures = 1;
    const logs: string[] = [];
    const { store, appends } = fakeStore(() => (failures-- > 0 ? new Error('disk full') : null));
    const writer = createTimelineWriter(store, id, { flushIntervalMs: 500, log: (message) => logs.push(message) });
    writer.write(delta('a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(appends).toEqual([]);
    expect(logs[0]).toMatch(/disk full/);
    writer.write(delta('b'));
    await vi.advanceTimersByTimeAsync(500);
    expect(textOf(appends)).toBe('ab');
  });

  it('drops events for a conversation that no longer exists instead of retrying forever', async () => {
    let calls = 0;
    const { store } = fakeStore(() => {
      calls += 1;
      return new ContractError('not-found', 'gone');
    });
    const logs: string[] = [];
    const writer = createTimelineWriter(store, id, { flushIntervalMs: 500, log: (message) => logs.push(message) });
    writer.write(delta('a'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(1);
    expect(logs[0]).toMatch(/no longer exists/);
  });
});
