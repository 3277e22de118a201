import { DEFAULTS } from '../../../shared/constants';
import type { TacoEvent } from '../../../shared/events';

export interface BatcherTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface EventBatcherOptions {
  deliver: (batch: TacoEvent[]) => void;
  intervalMs?: number;
  timers?: BatcherTimers;
}

export interface EventBatcher {
  push(event: TacoEvent): void;
  /** Deliver whatever is queued now. */
  flush(): void;
  /** Flush and stop: later pushes are delivered at once, one event per batch. */
  dispose(): void;
}

const realTimers: BatcherTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Coalesces the event stream into batches: adjacent text (or thinking) deltas of the same run
 * become one delta, and at most one batch is delivered per interval however fast tokens arrive.
 * The first event of a batch starts the clock; a `run-finish` delivers at once so the end of a
 * run is never held back.
 */
export function createEventBatcher(options: EventBatcherOptions): EventBatcher {
  const intervalMs = options.intervalMs ?? DEFAULTS.eventBatchIntervalMs;
  const timers = options.timers ?? realTimers;
  let queue: TacoEvent[] = [];
  let timer: unknown = null;
  let disposed = false;

  const flush = (): void => {
    if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    options.deliver(batch);
  };

  const push = (event: TacoEvent): void => {
    if (!coalesce(queue, event)) queue.push(event);
    if (disposed || event.type === 'run-finish') {
      flush();
      return;
    }
    if (timer === null) timer = timers.setTimeout(flush, intervalMs);
  };

  return {
    push,
    flush,
    dispose() {
      flush();
      disposed = true;
    },
  };
}

/** Appends a delta to the last queued delta of the same kind and run; false when it cannot. */
function coalesce(queue: TacoEvent[], event: TacoEvent): boolean {
  if (event.type !== 'text-delta' && event.type !== 'thinking-delta') return false;
  const last = queue[queue.length - 1];
  if (!last || last.type !== event.type || last.runId !== event.runId) return false;
  queue[queue.length - 1] = { ...last, text: last.text + event.text };
  return true;
}
