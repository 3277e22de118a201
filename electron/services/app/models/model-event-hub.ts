import type { PullProgressEvent } from '../../../../shared/contract/events';

export interface ModelEventHub {
  emit(event: PullProgressEvent): void;
  subscribe(listener: (batch: PullProgressEvent[]) => void): () => void;
}

/** The `model-events` channel: never stored, delivered as one-event batches (pulls throttle themselves). */
export function createModelEventHub(report: (message: string) => void = (message) => console.error(message)): ModelEventHub {
  const listeners = new Set<(batch: PullProgressEvent[]) => void>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener([event]);
        } catch (error) {
          report(`A model event subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
