import { DEFAULTS } from '../../../../shared/constants';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { PullProgressEvent } from '../../../../shared/contract/events';
import type { ModelAdmin, PullProgress } from '../../provider/model-admin/model-admin-types';
import { providerFailureMessage } from '../../provider/provider-error-mapping';

/** Status of the last event of a pull the user cancelled (done, no error). */
export const PULL_CANCELLED_STATUS = 'cancelled';

export interface PullRegistry {
  /** Starts a pull in the background, or returns the running pull of the same model. */
  start(name: string): { pullId: string };
  /** True when the pull was running and is now stopping. */
  cancel(pullId: string): boolean;
  /** Stops every pull (shutdown). */
  dispose(): void;
}

export interface PullRegistryOptions {
  /** The admin of the server the model is on. */
  admin(name: string): ModelAdmin;
  emit(event: PullProgressEvent): void;
  newId(): string;
  progressIntervalMs?: number;
  maxConcurrent?: number;
  now?: () => number;
}

interface RunningPull {
  pullId: string;
  name: string;
  controller: AbortController;
}

/**
 * Pulls in flight, each with its own AbortController. Progress is throttled: a new status line
 * goes out at once, byte counts at most every `progressIntervalMs`, and the end (success,
 * cancelled or the error in words) always arrives, exactly once.
 */
export function createPullRegistry(options: PullRegistryOptions): PullRegistry {
  const intervalMs = options.progressIntervalMs ?? DEFAULTS.models.pullProgressIntervalMs;
  const maxConcurrent = options.maxConcurrent ?? DEFAULTS.models.maxConcurrentPulls;
  const now = options.now ?? Date.now;
  const running = new Map<string, RunningPull>();

  function run(pull: RunningPull): void {
    let lastSentAt = 0;
    let lastStatus: string | null = null;
    let pending: PullProgress | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const event = (progress: PullProgress, done: boolean, error: string | null): PullProgressEvent => ({
      type: 'pull-progress',
      pullId: pull.pullId,
      model: pull.name,
      status: progress.status,
      completedBytes: progress.completedBytes,
      totalBytes: progress.totalBytes,
      done,
      error,
    });
    const send = (progress: PullProgress): void => {
      pending = null;
      lastSentAt = now();
      lastStatus = progress.status;
      options.emit(event(progress, false, null));
    };
    const flushLater = (): void => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          if (pending) send(pending);
        },
        Math.max(0, intervalMs - (now() - lastSentAt)),
      );
      timer.unref?.();
    };
    let latest: PullProgress = { status: 'starting', completedBytes: null, totalBytes: null };
    send(latest);

    const onProgress = (progress: PullProgress): void => {
      latest = progress;
      if (progress.status !== lastStatus || now() - lastSentAt >= intervalMs) send(progress);
      else {
        pending = progress;
        flushLater();
      }
    };
    const finish = (status: string, error: string | null): void => {
      if (timer) clearTimeout(timer);
      running.delete(pull.pullId);
      options.emit(event({ ...latest, status }, true, error));
    };

    void Promise.resolve()
      .then(() => options.admin(pull.name).pull(pull.name, { signal: pull.controller.signal, onProgress }))
      .then(
        () => finish('success', null),
        (error: unknown) => {
          if (pull.controller.signal.aborted) return finish(PULL_CANCELLED_STATUS, null);
          const message = providerFailureMessage(error);
          finish('failed', message);
        },
      );
  }

  return {
    start(name) {
      for (const pull of running.values()) if (pull.name === name) return { pullId: pull.pullId };
      if (running.size >= maxConcurrent) {
        throw new ContractError(
          'busy',
          `${running.size} downloads are already running. Wait for one to finish (or cancel one), then pull “${name}”.`,
        );
      }
      const pull: RunningPull = { pullId: options.newId(), name, controller: new AbortController() };
      running.set(pull.pullId, pull);
      run(pull);
      return { pullId: pull.pullId };
    },
    cancel(pullId) {
      const pull = running.get(pullId);
      if (!pull || pull.controller.signal.aborted) return false;
      pull.controller.abort();
      return true;
    },
    dispose() {
      for (const pull of running.values()) pull.controller.abort();
    },
  };
}
