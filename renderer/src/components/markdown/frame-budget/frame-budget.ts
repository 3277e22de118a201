/**
 * Spreads the cost of putting finished blocks on the page over animation frames. A block asks for
 * a turn with its cost (elements it will add); turns are given in the order asked while the
 * current frame's budget lasts, the rest wait for the next frames. A block costlier than the
 * whole budget gets a frame of its own. So opening or scrolling back to an answer with hundreds of
 * typeset formulas adds a frame's worth of elements at a time, never all of them in one task.
 */
export interface FrameBudget {
  /** A turn in this frame, if the budget has room for `cost` and no one asked before: true (and the cost is counted). */
  tryNow(cost: number): boolean;
  /** Waits for a turn in a later frame; `onTurn` is called then. Returns the cancel (the block left the page). */
  wait(cost: number, onTurn: () => void): () => void;
}

export interface FrameBudgetOptions {
  /** Cost a frame may take (elements). */
  perFrame: number;
  /** Runs the callback at the next frame (requestAnimationFrame; a fake in tests). */
  requestFrame: (callback: () => void) => void;
}

interface Waiting {
  cost: number;
  onTurn: () => void;
  cancelled: boolean;
}

export function createFrameBudget(options: FrameBudgetOptions): FrameBudget {
  let used = 0;
  let frameRequested = false;
  const waiting: Waiting[] = [];

  const hasRoom = (cost: number): boolean => used === 0 || used + cost <= options.perFrame;

  const nextFrame = (): void => {
    if (frameRequested) return;
    frameRequested = true;
    options.requestFrame(onFrame);
  };

  function onFrame(): void {
    frameRequested = false;
    used = 0;
    while (waiting.length > 0) {
      const first = waiting[0];
      if (!first) break;
      if (first.cancelled) {
        waiting.shift();
        continue;
      }
      if (!hasRoom(first.cost)) break;
      waiting.shift();
      used += first.cost;
      first.onTurn();
    }
    // This frame's work is counted until the next one; the ones still waiting get that one.
    if (used > 0 || waiting.length > 0) nextFrame();
  }

  return {
    tryNow(cost) {
      if (waiting.some((entry) => !entry.cancelled) || !hasRoom(cost)) return false;
      used += cost;
      nextFrame();
      return true;
    },
    wait(cost, onTurn) {
      const entry: Waiting = { cost, onTurn, cancelled: false };
      waiting.push(entry);
      nextFrame();
      return () => {
        entry.cancelled = true;
      };
    },
  };
}
