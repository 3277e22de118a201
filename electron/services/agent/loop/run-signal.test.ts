import { describe, expect, it, vi } from 'vitest';
import { abortable, raceAbort, RunStoppedError } from './run-signal';

describe('abortable', () => {
  it('passes items through, and stops a source that ignores the signal as soon as it aborts', async () => {
    let returned = false;
    let calls = 0;
    const source: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          calls += 1;
          return calls <= 2 ? Promise.resolve({ done: false, value: calls }) : new Promise<IteratorResult<number>>(() => undefined);
        },
        return: () => {
          returned = true;
          return Promise.resolve({ done: true, value: undefined });
        },
      }),
    };
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const item of abortable(source, controller.signal)) seen.push(item);
    })();
    await vi.waitFor(() => expect(seen).toEqual([1, 2]));
    controller.abort(new RunStoppedError('cancelled'));
    await expect(reading).rejects.toBeInstanceOf(RunStoppedError);
    expect(returned).toBe(true);
  });

  it('never starts reading when the signal has already fired', async () => {
    let calls = 0;
    const source: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: false, value: (calls += 1) }) }),
    };
    const controller = new AbortController();
    controller.abort(new RunStoppedError('timeout'));
    const iterator = abortable(source, controller.signal);
    await expect(iterator.next()).rejects.toMatchObject({ why: 'timeout' });
    expect(calls).toBe(0);
  });
});

describe('raceAbort', () => {
  it('twenty-five calls waiting on one run signal (a delegation chain at depth 25) add no listener warning, and all stop on abort', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const waiting = Array.from({ length: 25 }, () => raceAbort(new Promise<never>(() => undefined), controller.signal));
      const finished = raceAbort(Promise.resolve('done'), controller.signal);
      await expect(finished).resolves.toBe('done');
      controller.abort(new RunStoppedError('cancelled'));
      const outcomes = await Promise.allSettled(waiting);
      expect(outcomes.every((outcome) => outcome.status === 'rejected' && outcome.reason instanceof RunStoppedError)).toBe(true);
      // Node emits warnings on the next tick: give it one before looking.
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
