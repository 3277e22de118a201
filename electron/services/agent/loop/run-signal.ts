/** Why the run's signal fired: the user (or shutdown) or the whole-run time limit. */
export type AbortCause = 'cancelled' | 'timeout';

export interface RunSignal {
  signal: AbortSignal;
  /** Null while the run may go on. */
  cause(): AbortCause | null;
  /** Stop the run as if the user had pressed Stop (Cancel at the depth prompt). */
  cancel(): void;
  dispose(): void;
}

/** One signal for the whole run: aborted by the caller's signal (Stop, /cancel) or by the run timeout. */
export function createRunSignal(outer: AbortSignal, timeoutMs: number): RunSignal {
  const controller = new AbortController();
  let cause: AbortCause | null = null;
  const stop = (why: AbortCause): void => {
    if (cause !== null) return;
    cause = why;
    controller.abort(new RunStoppedError(why));
  };
  const onOuterAbort = (): void => stop('cancelled');
  if (outer.aborted) stop('cancelled');
  else outer.addEventListener('abort', onOuterAbort, { once: true });
  const timer = setTimeout(() => stop('timeout'), Math.max(0, timeoutMs));
  return {
    signal: controller.signal,
    cause: () => cause,
    cancel: () => stop('cancelled'),
    dispose() {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** The abort reason of a run's signal; recognisable wherever it surfaces. */
export class RunStoppedError extends Error {
  override readonly name = 'AbortError';
  constructor(readonly why: AbortCause) {
    super(why === 'timeout' ? 'The run took longer than its time limit.' : 'The run was stopped.');
  }
}

const abortWaiters = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` when `signal` aborts and answers a function that cancels that. However many
 * wait, the signal carries ONE listener: a delegation chain waits on the run's signal at every
 * level, and a listener per level passed Node's limit of 10 (MaxListenersExceededWarning at
 * depth 11). The listener goes with the signal (once, or when the run's signal is collected).
 */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    queueMicrotask(callback);
    return () => undefined;
  }
  let waiting = abortWaiters.get(signal);
  if (!waiting) {
    const callbacks = new Set<() => void>();
    waiting = callbacks;
    abortWaiters.set(signal, callbacks);
    signal.addEventListener(
      'abort',
      () => {
        abortWaiters.delete(signal);
        for (const each of [...callbacks]) each();
        callbacks.clear();
      },
      { once: true },
    );
  }
  const mine = waiting;
  mine.add(callback);
  return () => void mine.delete(callback);
}

/** Rejects as soon as `signal` aborts, whatever `promise` does (for tools that ignore the signal). */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = whenAborted(signal, () => reject(abortReason(signal)));
    promise.then(
      (value) => {
        stopWaiting();
        resolve(value);
      },
      (error: unknown) => {
        stopWaiting();
        reject(error);
      },
    );
  });
}

/**
 * Iterate `source`, stopping (and closing it) as soon as `signal` aborts. One abort listener
 * serves the whole iteration: a stream yields a chunk per token, and adding and removing a
 * listener for each one cost more than the rest of the loop's work on it.
 */
export async function* abortable<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let rejectPending: ((reason: unknown) => void) | null = null;
  const stopWaiting = whenAborted(signal, () => rejectPending?.(abortReason(signal)));
  try {
    for (;;) {
      if (signal.aborted) throw abortReason(signal);
      const next = await new Promise<IteratorResult<T>>((resolve, reject) => {
        rejectPending = reject;
        iterator.next().then(resolve, reject);
      });
      rejectPending = null;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    rejectPending = null;
    stopWaiting();
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new RunStoppedError('cancelled');
}
