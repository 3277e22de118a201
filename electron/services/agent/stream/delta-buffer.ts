export type DeltaKind = 'text-delta' | 'thinking-delta';

export interface DeltaBuffer {
  /** Queue streamed text (or thinking); a change of kind sends what was queued first. */
  push(kind: DeltaKind, text: string): void;
  /** Send what is queued now: before any other event of the run, and when the step ends. */
  flush(): void;
  /** Flush and cancel the pending turn of the event loop. */
  dispose(): void;
}

export interface DeltaBufferOptions {
  emit: (event: { type: DeltaKind; text: string }) => void;
  /** Runs `callback` once the event loop turns (default setImmediate). Returns a cancel. */
  schedule?: (callback: () => void) => () => void;
}

const onNextTurn = (callback: () => void): (() => void) => {
  const handle = setImmediate(callback);
  return () => clearImmediate(handle);
};

/**
 * Holds streamed deltas until the event loop turns. A model that streams slower than main works
 * sees no difference (each chunk goes out in the same turn it arrived); a burst of chunks that
 * arrived together becomes one event instead of one per token, which spares the event hub, the
 * timeline and the batcher thousands of events per second.
 */
export function createDeltaBuffer(options: DeltaBufferOptions): DeltaBuffer {
  const schedule = options.schedule ?? onNextTurn;
  let kind: DeltaKind | null = null;
  let text = '';
  let cancel: (() => void) | null = null;

  const flush = (): void => {
    if (kind === null) return;
    const event = { type: kind, text };
    kind = null;
    text = '';
    options.emit(event);
  };

  return {
    push(next, delta) {
      if (delta === '') return;
      if (kind !== null && kind !== next) flush();
      kind = next;
      text += delta;
      cancel ??= schedule(() => {
        cancel = null;
        flush();
      });
    },
    flush,
    dispose() {
      cancel?.();
      cancel = null;
      flush();
    },
  };
}
