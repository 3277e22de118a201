import { DEFAULTS } from '../../../../shared/constants';

export interface EventLoopYielder {
  /**
   * A promise to await when this burst of work has held the event loop for a slice already
   * (else null: go on without even a microtask's delay).
   */
  due(): Promise<void> | null;
}

export interface YielderOptions {
  sliceMs?: number;
  now?: () => number;
  /** Defaults to setImmediate: timers and I/O run before the work goes on. */
  defer?: (resume: () => void) => void;
}

/**
 * When a model streams faster than main handles it, every chunk is already waiting and the loop
 * runs on microtasks alone: no timer fires, so the event batcher could not send a batch until the
 * stream ended. Yielding to the event loop once per slice lets batches go out every frame.
 */
export function createEventLoopYielder(options: YielderOptions = {}): EventLoopYielder {
  const sliceMs = options.sliceMs ?? DEFAULTS.agentPerf.streamYieldSliceMs;
  const now = options.now ?? (() => performance.now());
  const defer = options.defer ?? ((resume: () => void) => void setImmediate(resume));
  let sliceStart = now();
  return {
    due() {
      if (now() - sliceStart < sliceMs) return null;
      return new Promise<void>((resolve) =>
        defer(() => {
          sliceStart = now();
          resolve();
        }),
      );
    },
  };
}
