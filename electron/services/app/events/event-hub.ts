import type { TacoEvent } from '../../../../shared/contract/events';
import { createEventBatcher } from './event-batcher';

export interface EventHub {
  /** Persist the event, tell the observers, and queue it for the subscribers' next batch. */
  emit(event: TacoEvent): void;
  subscribe(listener: (batch: TacoEvent[]) => void): () => void;
  /** Synchronous, unbatched view of every event (bookkeeping inside main). */
  observe(observer: (event: TacoEvent) => void): () => void;
  /** Delivers what is queued; later events are delivered one by one at once. */
  dispose(): void;
}

export interface EventHubOptions {
  persist: (event: TacoEvent) => void;
  batchIntervalMs?: number;
  /** Where a failing persist or listener is reported (never rethrown into the run). */
  report?: (message: string) => void;
}

/** The single path every event takes: timeline first, then main's observers, then the batcher. */
export function createEventHub(options: EventHubOptions): EventHub {
  const report = options.report ?? ((message: string) => console.error(message));
  const listeners = new Set<(batch: TacoEvent[]) => void>();
  const observers = new Set<(event: TacoEvent) => void>();
  const batcher = createEventBatcher({
    intervalMs: options.batchIntervalMs,
    deliver: (batch) => {
      for (const listener of [...listeners]) {
        try {
          listener(batch);
        } catch (error) {
          report(`An event subscriber failed: ${describe(error)}`);
        }
      }
    },
  });

  return {
    emit(event) {
      try {
        options.persist(event);
      } catch (error) {
        report(`Could not write a ${event.type} event to the conversation's timeline: ${describe(error)}`);
      }
      for (const observer of [...observers]) {
        try {
          observer(event);
        } catch (error) {
          report(`An event observer failed on ${event.type}: ${describe(error)}`);
        }
      }
      batcher.push(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    observe(observer) {
      observers.add(observer);
      return () => {
        observers.delete(observer);
      };
    },
    dispose() {
      batcher.dispose();
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
