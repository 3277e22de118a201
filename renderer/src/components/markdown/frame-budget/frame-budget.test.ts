import { describe, expect, it } from 'vitest';
import { createFrameBudget } from './frame-budget';

/** Frames run when the test says so. */
function manualFrames() {
  const pending: (() => void)[] = [];
  return {
    requestFrame: (callback: () => void) => pending.push(callback),
    next: () => {
      const run = pending.splice(0);
      for (const callback of run) callback();
    },
    waiting: () => pending.length,
  };
}

describe('the frame budget for finished blocks', () => {
  it('gives turns at once while the frame has room, then one frame’s worth per frame, in the order asked', () => {
    const frames = manualFrames();
    const budget = createFrameBudget({ perFrame: 100, requestFrame: frames.requestFrame });
    expect(budget.tryNow(60)).toBe(true);
    expect(budget.tryNow(40)).toBe(true);
    expect(budget.tryNow(1)).toBe(false);
    const order: string[] = [];
    budget.wait(70, () => order.push('a'));
    budget.wait(30, () => order.push('b'));
    budget.wait(50, () => order.push('c'));
    // Someone waits: a newcomer does not jump the queue even in a fresh frame.
    frames.next();
    expect(order).toEqual(['a', 'b']);
    expect(budget.tryNow(1)).toBe(false);
    frames.next();
    expect(order).toEqual(['a', 'b', 'c']);
    frames.next();
    expect(budget.tryNow(100)).toBe(true);
  });

  it('gives a block costlier than the whole budget a frame of its own, and skips blocks that left', () => {
    const frames = manualFrames();
    const budget = createFrameBudget({ perFrame: 100, requestFrame: frames.requestFrame });
    expect(budget.tryNow(500)).toBe(true);
    const order: string[] = [];
    const cancelGone = budget.wait(10, () => order.push('gone'));
    budget.wait(900, () => order.push('huge'));
    budget.wait(10, () => order.push('small'));
    cancelGone();
    frames.next();
    expect(order).toEqual(['huge']);
    frames.next();
    expect(order).toEqual(['huge', 'small']);
    // Nothing left: the frames stop once the last frame's work is no longer counted.
    frames.next();
    expect(frames.waiting()).toBe(0);
  });
});
