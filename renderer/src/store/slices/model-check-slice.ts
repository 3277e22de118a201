import type { ModelEvent } from '../../../../shared/contract/events';
import type { ModelCheckProgress } from '../../../../shared/probe/model-check';
import type { ProbeReport } from '../../../../shared/probe/probe-report';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';

/** "Check this model" in the Models dialog: the report cards main keeps, and the check under way. */
export interface ModelCheckSlice {
  /** The latest report per model, newest first (main's `modelCheck.list`). */
  checkReports: ProbeReport[];
  checkRunning: ModelCheckProgress | null;
  /** Why the last check did not finish (null after a finish or a cancel). */
  checkMessage: { model: string; text: string } | null;
  loadModelChecks(): Promise<void>;
  startModelCheck(model: string): Promise<void>;
  cancelModelCheck(): Promise<void>;
  /** The user's answer to a report's tuned settings: main applies them only on `accept`. */
  decideModelTuning(model: string, accept: boolean): Promise<void>;
  /** The check's part of a `model-events` batch. */
  applyModelCheckEvents(events: readonly ModelEvent[]): void;
}

export const createModelCheckSlice: SliceCreator<ModelCheckSlice> = (set, get, { api }) => ({
  checkReports: [],
  checkRunning: null,
  checkMessage: null,

  async loadModelChecks() {
    try {
      const listed = await api.call('modelCheck.list', {});
      set({ checkReports: listed.reports, checkRunning: listed.running });
    } catch (error) {
      get().reportError(error);
    }
  },

  async startModelCheck(model) {
    set({ checkMessage: null });
    try {
      const { checkId } = await api.call('modelCheck.start', { model });
      // The first progress event may have come first; otherwise show the check as starting.
      if (get().checkRunning?.checkId !== checkId)
        set({ checkRunning: { checkId, model, done: 0, total: 0, etaMs: null, phase: 'check', taskId: '' } });
    } catch (error) {
      set({ checkMessage: { model, text: describeCallFailure(error) } });
    }
  },

  async cancelModelCheck() {
    const running = get().checkRunning;
    if (!running) return;
    try {
      await api.call('modelCheck.cancel', { checkId: running.checkId });
    } catch (error) {
      get().reportError(error);
    }
  },

  async decideModelTuning(model, accept) {
    try {
      const report = await api.call('modelCheck.decideTuning', { model, accept });
      set((state) => ({ checkReports: state.checkReports.map((old) => (old.model === report.model ? report : old)) }));
      // Accepted: the settings went into settings, and the model picker shows them.
      if (accept) await get().loadSettings();
    } catch (error) {
      set({ checkMessage: { model, text: describeCallFailure(error) } });
    }
  },

  applyModelCheckEvents(events) {
    for (const event of events) {
      if (event.type === 'model-check-progress') set({ checkRunning: event.progress });
      else if (event.type === 'model-check-finished') {
        const report = event.report;
        set((state) => ({
          checkRunning: state.checkRunning?.checkId === event.checkId ? null : state.checkRunning,
          checkReports: report ? [report, ...state.checkReports.filter((old) => old.model !== report.model)] : state.checkReports,
          checkMessage: event.error ? { model: event.model, text: event.error } : null,
        }));
      }
    }
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends ModelCheckSlice {}
}
