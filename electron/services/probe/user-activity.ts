/**
 * The side-request rule applied to the model check: the user's own runs always go first. A check
 * waits while any run of the user's is going, and a try under way when one starts is abandoned
 * (it does not count) and run again once the user's run is over.
 */
export interface UserActivity {
  busy(): boolean;
  /** Resolves once no run of the user's is going (at once when none is); rejects when `signal` aborts. */
  whenIdle(signal: AbortSignal): Promise<void>;
  /** Called when a run of the user's starts; returns the unsubscribe. */
  onBusy(listener: () => void): () => void;
}

/** Counts the user's runs from their `run-start` and `run-finish` events. */
export function createUserActivity(): UserActivity & { runStarted(runId: string): void; runFinished(runId: string): void } {
  const running = new Set<string>();
  const idle = new Set<() => void>();
  const busyListeners = new Set<() => void>();
  return {
    busy: () => running.size > 0,
    whenIdle(signal) {
      if (running.size === 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          idle.delete(wake);
          reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
        };
        const wake = (): void => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        idle.add(wake);
      });
    },
    onBusy(listener) {
      busyListeners.add(listener);
      return () => busyListeners.delete(listener);
    },
    runStarted(runId) {
      running.add(runId);
      for (const listener of [...busyListeners]) listener();
    },
    runFinished(runId) {
      running.delete(runId);
      if (running.size > 0) return;
      for (const wake of [...idle]) wake();
      idle.clear();
    },
  };
}
