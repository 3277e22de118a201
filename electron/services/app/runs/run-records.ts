import { DEFAULTS } from '../../../../shared/constants';
import type { EventOf } from '../../../../shared/contract/events';

/** The `run-finish` of recent runs, so a host can wait for a run it just started. */
export interface RunRecords {
  add(runId: string, finished: Promise<EventOf<'run-finish'>>): void;
  /** Resolves with the run's finish; rejects when no such run was started. */
  wait(runId: string): Promise<EventOf<'run-finish'>>;
}

export function createRunRecords(limit: number = DEFAULTS.app.finishedRunMemory): RunRecords {
  const records = new Map<string, Promise<EventOf<'run-finish'>>>();
  return {
    add(runId, finished) {
      records.set(runId, finished);
      while (records.size > limit) {
        const oldest = records.keys().next();
        if (oldest.done) break;
        records.delete(oldest.value);
      }
    },
    wait(runId) {
      const record = records.get(runId);
      return record ?? Promise.reject(new Error(`No run with id ${runId} was started here.`));
    },
  };
}
