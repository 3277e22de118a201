import { ContractError } from '../../../shared/contract/contract-error';
import type { ModelEvent } from '../../../shared/contract/events';
import { modelLabel } from '../../../shared/models/model-label';
import { LOCAL_SERVER_NAME } from '../../../shared/models/model-ref';
import { LOCAL_SERVER_ID, parseModelRef } from '../../../shared/models/servers';
import type { ModelCheckList, ModelCheckProgress, ModelTuning } from '../../../shared/probe/model-check';
import type { ProbeSetting } from '../../../shared/probe/probe-report';
import { DEFAULTS } from '../../../shared/constants';
import type { CallHandlers } from '../app/call-router';
import type { AppContext } from '../app/app-context';
import { checkModelServer } from '../app/runs/model-server-check';
import { loadProbeLibrary, type ProbeLibrary } from './probe-library';
import { createModelCheckStore } from './model-check-store';
import { runModelCheck } from './run-model-check';
import { createUserActivity } from './user-activity';

type CheckHandlers = Pick<CallHandlers, 'modelCheck.start' | 'modelCheck.cancel' | 'modelCheck.list' | 'modelCheck.decideTuning'>;

export interface ModelCheckService {
  handlers: CheckHandlers;
  subscribe(listener: (batch: ModelEvent[]) => void): () => void;
  /** Resolves when the check under way (if any) has ended. */
  settled(): Promise<void>;
  dispose(): void;
}

/**
 * "Check this model" in main: one check at a time, in the background, giving way to the user's
 * runs (user-activity.ts); its tries are kept as they finish so a cancelled check resumes; the
 * finished report is stored with its tuned settings as a proposal, which go into settings
 * (`modelTuning`, used by later runs on that model) only when the user accepts it.
 */
export function createModelCheckService(
  ctx: AppContext,
  options: { dataDir: string; library?: () => Promise<ProbeLibrary> },
): ModelCheckService {
  const store = createModelCheckStore(options.dataDir);
  const listeners = new Set<(batch: ModelEvent[]) => void>();
  const emit = (event: ModelEvent): void => {
    for (const listener of [...listeners]) listener([event]);
  };
  const activity = createUserActivity();
  const stopObserving = ctx.hub.observe((event) => {
    if (event.type === 'run-start') activity.runStarted(event.runId);
    else if (event.type === 'run-finish') activity.runFinished(event.runId);
  });
  let running: { checkId: string; controller: AbortController; progress: ModelCheckProgress; done: Promise<void> } | null = null;

  const start: CheckHandlers['modelCheck.start'] = async ({ model, runs: asked }) => {
    if (running) {
      throw new ContractError(
        'busy',
        `A check of ${running.progress.model} is under way. One model is checked at a time: wait for it, or cancel it.`,
      );
    }
    checkModelServer(ctx, model);
    const runs = asked ?? DEFAULTS.modelCheck.runs;
    const settings = ctx.settings.current();
    const provider = ctx.provider.current();
    const capabilities = await provider.capabilities(model, AbortSignal.timeout(capabilitiesTimeoutMs(ctx, model)));
    const baseline: ProbeSetting = {
      toolMode: capabilities.tools ? 'native' : 'prompt',
      toolBudget: ctx.options.toolBudgetOverride ?? settings.toolBudget,
      think: capabilities.thinking,
    };
    const library = await (options.library ?? loadProbeLibrary)();
    const done = await store.progress(model, runs);
    const checkId = ctx.newId();
    const controller = new AbortController();
    const label = modelLabel(model, settings.servers ?? []);
    const progress: ModelCheckProgress = {
      checkId,
      model,
      done: 0,
      total: library.tasks.length * runs,
      etaMs: null,
      phase: 'check',
      taskId: '',
    };
    let saving: Promise<void> = Promise.resolve();
    const work = runModelCheck({
      model,
      serverName: label.server ?? LOCAL_SERVER_NAME,
      provider,
      tools: ctx.tools,
      library,
      runs,
      limits: settings.limits,
      maxContextTokens: settings.maxContextTokens,
      baseline,
      capabilities,
      done,
      onAttempt: (key, attempt) => {
        saving = saving
          .then(() => store.saveAttempt(model, runs, key, attempt))
          .catch((error: unknown) => console.error('Could not keep a check try:', error));
      },
      onProgress: (next) => {
        if (running?.checkId !== checkId) return;
        running.progress = { ...next, checkId };
        emit({ type: 'model-check-progress', progress: running.progress });
      },
      activity,
      signal: controller.signal,
      now: ctx.now,
      newId: ctx.newId,
    });
    const finished = work
      .then(async (report) => {
        await saving;
        await store.saveReport(report);
        emit({ type: 'model-check-finished', checkId, model, report, error: null, cancelled: false });
      })
      .catch(async (error: unknown) => {
        await saving;
        const cancelled = controller.signal.aborted;
        emit({
          type: 'model-check-finished',
          checkId,
          model,
          report: null,
          cancelled,
          error: cancelled ? null : `The check of ${label.text} stopped: ${error instanceof Error ? error.message : String(error)}`,
        });
      })
      .finally(() => {
        if (running?.checkId === checkId) running = null;
      });
    running = { checkId, controller, progress, done: finished };
    emit({ type: 'model-check-progress', progress });
    return { checkId, resumed: Object.keys(done).length };
  };

  const handlers: CheckHandlers = {
    'modelCheck.start': start,
    'modelCheck.cancel': ({ checkId }) => {
      if (running?.checkId !== checkId) return { cancelled: false };
      running.controller.abort(new Error('Cancelled.'));
      return { cancelled: true };
    },
    'modelCheck.list': async (): Promise<ModelCheckList> => ({ reports: await store.reports(), running: running?.progress ?? null }),
    'modelCheck.decideTuning': async ({ model, accept }) => {
      // The settings come from main's own report, never from the request.
      const stored = await store.report(model);
      if (stored?.proposal?.decision !== 'pending') {
        throw new ContractError('not-found', 'This model has no tuned settings waiting for an answer: check it again.');
      }
      const report = await store.decide(model, accept ? 'accepted' : 'declined');
      if (!report) throw new ContractError('not-found', 'The report of this model is gone: check it again.');
      if (accept) {
        const tuning: ModelTuning = { ...pickTuning(report.tuned), checkedAt: report.finishedAt };
        await ctx.settings.set({ modelTuning: { ...(ctx.settings.current().modelTuning ?? {}), [model]: tuning } });
      }
      return report;
    },
  };

  return {
    handlers,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => running?.done ?? Promise.resolve(),
    dispose() {
      stopObserving();
      running?.controller.abort(new Error('TACO is shutting down.'));
    },
  };
}

function pickTuning(tuned: ModelTuning | (Omit<ModelTuning, 'checkedAt'> & object)): Omit<ModelTuning, 'checkedAt'> {
  return { toolMode: tuned.toolMode, toolBudget: tuned.toolBudget, think: tuned.think, usesTools: tuned.usesTools, summary: tuned.summary };
}

/** A built-in model is loaded by its first capabilities call: it gets the load's time, a server the probe's. */
function capabilitiesTimeoutMs(ctx: Pick<AppContext, 'settings' | 'options'>, model: string): number {
  const { serverId } = parseModelRef(model);
  const kind =
    serverId === LOCAL_SERVER_ID
      ? ctx.options.hostKind
      : (ctx.settings.current().servers ?? []).find((server) => server.id === serverId)?.kind;
  return kind === 'built-in' ? DEFAULTS.modelCheck.builtInLoadTimeoutMs : DEFAULTS.ollamaProbeTimeoutMs;
}
