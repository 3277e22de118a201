export interface DelayedSaver {
  /** Something changed: save within the delay (unless nothing is dirty). */
  touch(): void;
  /** Save now if anything is dirty; waits for a save in flight. */
  flush(): Promise<void>;
}

/**
 * Saves derived data some time after it changes rather than on every change (the search index
 * is large and can always be rebuilt). The timer never keeps the process alive.
 */
export function createDelayedSaver(options: {
  delayMs: number;
  isDirty: () => boolean;
  save: () => Promise<void>;
  onError: (error: unknown) => void;
}): DelayedSaver {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let saving: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (saving) await saving;
    if (!options.isDirty()) return;
    saving = options
      .save()
      .catch(options.onError)
      .finally(() => {
        saving = null;
      });
    await saving;
  };

  return {
    touch() {
      if (timer || !options.isDirty()) return;
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, options.delayMs);
      timer.unref?.();
    },
    flush,
  };
}
