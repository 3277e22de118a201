import { describe, expect, it } from 'vitest';
import { createEventLoopYielder } from './event-loop-yield';

describe('event loop yielder', () => {
  it('asks for a pause only once a slice of continuous work is used up, then starts a new slice', async () => {
    let clock = 0;
    const deferred: Array<() => void> = [];
    const yielder = createEventLoopYielder({ sliceMs: 8, now: () => clock, defer: (resume) => deferred.push(resume) });
    clock = 7;
    expect(yielder.due()).toBeNull();
    clock = 8;
    const pause = yielder.due();
    expect(pause).not.toBeNull();
    expect(deferred).toHaveLength(1);
    clock = 9;
    deferred[0]?.();
    await pause;
    clock = 16;
    expect(yielder.due()).toBeNull();
    clock = 17;
    expect(yielder.due()).not.toBeNull();
  });

  it('by default lets the event loop turn: a due timer has run by the end of the next pause', async () => {
    const yielder = createEventLoopYielder({ sliceMs: 0 });
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    // Busy until the timer is due, as a flood of chunks would be; microtasks alone never let it run.
    const until = Date.now() + 3;
    while (Date.now() < until) await Promise.resolve();
    expect(timerRan).toBe(false);
    await yielder.due();
    await yielder.due();
    expect(timerRan).toBe(true);
  });
});
