import type { TacoEvent } from '../../../../shared/contract/events';
import type { AppServices } from '../../../services/app/app-services-types';

/**
 * One run's events as an async iterable, ending after its `run-finish`. It subscribes before the
 * run is started (a fast run may finish before `chat.send` answers), keeps the run-scoped events
 * until it knows the run's id, then yields only that run's.
 */
export interface RunEventQueue {
  /** The run to follow; the iterable yields its events, `run-finish` last. */
  follow(runId: string): AsyncIterable<TacoEvent>;
  close(): void;
}

export function createRunEventQueue(services: AppServices): RunEventQueue {
  let runId: string | null = null;
  let buffer: TacoEvent[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const unsubscribe = services.subscribe((batch) => {
    for (const event of batch) {
      if (!('runId' in event)) continue;
      if (runId === null || event.runId === runId) buffer.push(event);
    }
    wake?.();
  });
  const close = (): void => {
    if (closed) return;
    closed = true;
    unsubscribe();
    wake?.();
  };

  async function* follow(id: string): AsyncGenerator<TacoEvent, void, undefined> {
    runId = id;
    buffer = buffer.filter((event) => 'runId' in event && event.runId === id);
    try {
      for (;;) {
        while (buffer.length > 0) {
          const event = buffer.shift() as TacoEvent;
          yield event;
          if (event.type === 'run-finish') return;
        }
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      close();
    }
  }

  return { follow, close };
}
