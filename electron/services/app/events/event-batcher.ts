import { DEFAULTS } from '../../../../shared/constants';
import type { TacoEvent } from '../../../../shared/contract/events';

export interface BatcherTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** A monotonic clock in ms (default performance.now). */
  now?(): number;
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
  now: () => performance.now(),
};

/**
 * Coalesces the event stream into batches: adjacent text (or thinking) deltas of the same run
 * become one delta, and at most one batch is delivered per interval however fast tokens arrive.
 * After a quiet interval the first event goes out on the next turn of the event loop (with
 * whatever else arrived in that turn); events that follow wait for the rest of the interval. A
 * `run-finish` is delivered at once, unless a batch went out less than an interval ago: then it
 * waits for the rest of that interval.
 *
 * What opens a run (the user's message, run-start, a status line, the offered tools, the stack)
 * does not take the leading edge: it waits up to one interval for the model's first output and
 * travels with it. Sent alone it would start the interval, and the first token, a few ms behind
 * it, would wait out the rest of that interval: most of TACO's overhead before the first token.
 *
 * The spacing is checked against a monotonic clock when the timer fires, because a timer armed
 * while the event loop is busy counts from the start of that loop turn and can fire early.
 */
/** Events that open a run: they wait (up to an interval) for the first output instead of going first. */
const OPENING_EVENTS: ReadonlySet<TacoEvent['type']> = new Set(['user-message', 'run-start', 'status', 'tools-offered', 'stack']);

export function createEventBatcher(options: EventBatcherOptions): EventBatcher {
  const intervalMs = options.intervalMs ?? DEFAULTS.eventBatchIntervalMs;
  const timers = options.timers ?? realTimers;
  const now = (): number => (timers.now ? timers.now() : performance.now());
  let queue: TacoEvent[] = [];
  let timer: unknown = null;
  /** The armed timer holds opening events for company; anything else cuts it short. */
  let holding = false;
  let disposed = false;
  let lastDelivery = Number.NEGATIVE_INFINITY;

  const flush = (): void => {
    if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
    holding = false;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    lastDelivery = now();
    options.deliver(batch);
  };

  const arm = (ms: number): void => {
    timer = timers.setTimeout(onTimer, ms);
  };

  function onTimer(): void {
    timer = null;
    holding = false;
    const wait = lastDelivery + intervalMs - now();
    if (wait > 0) arm(Math.ceil(wait));
    else flush();
  }

  const push = (event: TacoEvent): void => {
    if (!coalesce(queue, event)) queue.push(event);
    if (disposed) {
      flush();
      return;
    }
    if (event.type === 'run-finish') {
      const wait = lastDelivery + intervalMs - now();
      if (wait <= 0) {
        flush();
        return;
      }
      if (timer !== null) timers.clearTimeout(timer);
      holding = false;
      arm(Math.ceil(wait));
      return;
    }
    // Leading edge: after a quiet interval the batch goes out on the next turn (events emitted in
    // the same turn still travel together), so the first token of an answer is not held back.
    const due = Math.max(0, Math.ceil(lastDelivery + intervalMs - now()));
    if (timer === null) {
      holding = OPENING_EVENTS.has(event.type);
      arm(holding ? Math.max(due, intervalMs) : due);
    } else if (holding && !OPENING_EVENTS.has(event.type)) {
      timers.clearTimeout(timer);
      holding = false;
      arm(due);
    }
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
