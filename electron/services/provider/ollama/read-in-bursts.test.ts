import { describe, expect, it } from 'vitest';
import { burstChunks } from './burst-chunks';
import { readInBursts } from './read-in-bursts';

/** A source whose items are released by the test; `turn()` stands for the event loop turning. */
function controlledSource<T>() {
  const waiting: T[] = [];
  let pending: ((result: IteratorResult<T>) => void) | null = null;
  let failPending: ((error: unknown) => void) | null = null;
  let ended = false;
  let failure: unknown = null;
  const turns: Array<() => void> = [];
  const source: AsyncIterator<T> = {
    next() {
      const item = waiting.shift();
      if (item !== undefined) return Promise.resolve({ done: false, value: item });
      if (failure !== null) return Promise.reject(failure);
      if (ended) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve, reject) => {
        pending = resolve;
        failPending = reject;
      });
    },
  };
  return {
    source,
    onNextTurn: (callback: () => void) => turns.push(callback),
    /** Items that are there before the reader asks (a burst). */
    queue: (...items: T[]) => {
      for (const item of items) {
        if (pending) {
          const resolve = pending;
          pending = null;
          resolve({ done: false, value: item });
        } else waiting.push(item);
      }
    },
    turn: () => {
      for (const callback of turns.splice(0)) callback();
    },
    end: () => {
      ended = true;
      if (pending) pending({ done: true, value: undefined });
    },
    fail: (error: unknown) => {
      failure = error;
      if (failPending) failPending(error);
    },
  };
}

/** Lets every queued microtask run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('readInBursts', () => {
  it('yields items that were waiting together as one burst, and an item after a turn alone', async () => {
    const control = controlledSource<string>();
    control.queue('a', 'b', 'c');
    const bursts: string[][] = [];
    const reading = (async () => {
      for await (const burst of readInBursts(control.source, { onNextTurn: control.onNextTurn })) bursts.push(burst);
    })();
    await settle();
    expect(bursts).toEqual([]);
    control.turn();
    await settle();
    expect(bursts).toEqual([['a', 'b', 'c']]);
    control.queue('d');
    await settle();
    control.turn();
    await settle();
    expect(bursts).toEqual([['a', 'b', 'c'], ['d']]);
    control.end();
    await reading;
    expect(bursts).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('cuts a flood into slices so the reader hears from it while it lasts', async () => {
    const control = controlledSource<number>();
    control.queue(...Array.from({ length: 100 }, (_, index) => index));
    control.end();
    let clock = 0;
    const bursts: number[][] = [];
    for await (const burst of readInBursts(control.source, { onNextTurn: control.onNextTurn, sliceMs: 4, now: () => (clock += 5) }))
      bursts.push(burst);
    expect(bursts.length).toBeGreaterThan(1);
    expect(bursts.flat()).toEqual(Array.from({ length: 100 }, (_, index) => index));
  });

  it('hands over what it read before an error, then throws the error', async () => {
    const control = controlledSource<string>();
    control.queue('partial', 'answer');
    const bursts: string[][] = [];
    const reading = (async () => {
      for await (const burst of readInBursts(control.source, { onNextTurn: control.onNextTurn })) bursts.push(burst);
    })();
    await settle();
    control.fail(new Error('the runner crashed'));
    await expect(reading).rejects.toThrow('the runner crashed');
    expect(bursts).toEqual([['partial', 'answer']]);
  });
});

describe('burstChunks', () => {
  const line = (message: Record<string, unknown>, done = false) => ({ model: 'm', message: { role: 'assistant', ...message }, done });

  it('merges adjacent text and adjacent thinking, keeps tool calls apart, and stops at the final line', () => {
    const burst = burstChunks([
      line({ content: '', thinking: 'Hm' }),
      line({ content: '', thinking: 'm.' }),
      line({ content: 'Hel' }),
      line({ content: 'lo' }),
      line({ content: '', tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a' } } }] }),
      line({ content: '!' }),
      line({ content: '' }, true),
      line({ content: 'after the end' }),
    ]);
    expect(burst.chunks).toEqual([
      { type: 'thinking', text: 'Hmm.' },
      { type: 'text', text: 'Hello' },
      { type: 'tool-calls', calls: [{ function: { name: 'read_file', arguments: { path: 'a' } } }] },
      { type: 'text', text: '!' },
    ]);
    expect(burst.done).toEqual(line({ content: '' }, true));
  });

  it('ignores lines that are not chat messages and reports no end when there is none', () => {
    expect(burstChunks(['garbage', null, line({ content: 'ok' })])).toEqual({ chunks: [{ type: 'text', text: 'ok' }], done: null });
  });
});
