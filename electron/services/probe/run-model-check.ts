import { DEFAULTS } from '../../../shared/constants';
import type { Limits } from '../../../shared/settings/settings';
import {
  overall,
  median,
  sameSetting,
  summariseTask,
  tunedSummary,
  type FormatComparison,
  type ProbeAttempt,
  type ProbeReport,
  type ProbeSetting,
  type TunedSettings,
  type TuningProposal,
} from '../../../shared/probe/probe-report';
import type { ProbeTask } from '../../../shared/probe/probe-task';
import type { ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import type { ChatProvider } from '../provider/provider-types';
import type { ProbeLibrary } from './probe-library';
import { probeToolRegistry } from './probe-tools';
import { runProbeAttempt } from './run-probe-attempt';
import { createScratchSupply, type ScratchSupply } from './scratch-supply';
import { settingKey, tuningCandidates, type TuningStage } from './tuning-candidates';
import { betterSetting, failingTaskIds, scoreOf, triesScore } from './tuning-choice';
import type { UserActivity } from './user-activity';

export interface CheckProgress {
  model: string;
  done: number;
  /** Tries planned so far (tuning adds some once the first pass shows what failed). */
  total: number;
  /** Milliseconds left at the pace so far; null before the first try. */
  etaMs: number | null;
  phase: 'check' | 'tuning';
  taskId: string;
}

export interface ModelCheckInput {
  model: string;
  serverName: string;
  provider: ChatProvider;
  /** The user's enabled tools. */
  tools: ToolRegistry;
  library: ProbeLibrary;
  runs: number;
  limits: Limits;
  maxContextTokens: number;
  /** The setting the user's conversations on this model use now: the first pass runs under it. */
  baseline: ProbeSetting;
  /** What the model can do (tuning tries native calls and thinking only where the server offers them). */
  capabilities: { tools: boolean; thinking: boolean };
  /** Tries finished earlier (a cancelled check being resumed), by `attemptKey`. */
  done?: Readonly<Record<string, ProbeAttempt>>;
  /** Called after each try (the store keeps it, so a cancelled check resumes). */
  onAttempt?: (key: string, attempt: ProbeAttempt) => void;
  onProgress?: (progress: CheckProgress) => void;
  /** The user's runs go first (user-activity.ts); absent: nothing to wait for (the CLI). */
  activity?: UserActivity;
  signal: AbortSignal;
  now: () => number;
  newId: () => string;
}

/** The key of one try: setting, task and try number. */
export function attemptKey(setting: ProbeSetting, taskId: string, index: number): string {
  return `${settingKey(setting)}|${taskId}|${index}`;
}

/**
 * "Check this model": every task K times under the model's current setting, then tuning — only the
 * failing tasks again under the alternatives (tool format, then tool budget, then thinking), the
 * best pass count kept, ties to the faster. Resolves with the report; rejects when cancelled (the
 * tries done so far were handed to `onAttempt`).
 */
export async function runModelCheck(input: ModelCheckInput): Promise<ProbeReport> {
  const scratch = createScratchSupply();
  try {
    return await checkModel(input, scratch);
  } finally {
    // Every try's scratch folder, and every one made ahead, is gone before the check reports (or is cancelled).
    await scratch.close();
  }
}

async function checkModel(input: ModelCheckInput, scratch: ScratchSupply): Promise<ProbeReport> {
  const registries = {
    plain: probeToolRegistry(input.tools, []),
    distractors: probeToolRegistry(input.tools, input.library.distractors),
  };
  const tasks = input.library.tasks;
  let planned = tasks.length * input.runs;
  let done = 0;
  const started = input.now();
  let measuredMs = 0;
  let measuredTries = 0;

  const runTask = async (
    task: ProbeTask,
    setting: ProbeSetting,
    phase: CheckProgress['phase'],
    constrained?: boolean,
  ): Promise<ProbeAttempt[]> => {
    const attempts: ProbeAttempt[] = [];
    for (let index = 0; index < input.runs; index += 1) {
      const key = `${attemptKey(setting, task.id, index)}${constrained === false ? '|no-grammar' : ''}`;
      const earlier = input.done?.[key];
      const tools = task.distractors ? registries.distractors : registries.plain;
      const attempt = earlier ?? (await attemptYielding(input, scratch, task, setting, tools, constrained));
      if (!earlier) {
        measuredMs += attempt.durationMs;
        measuredTries += 1;
        input.onAttempt?.(key, attempt);
      }
      attempts.push(attempt);
      done += 1;
      const pace = measuredTries > 0 ? measuredMs / measuredTries : null;
      input.onProgress?.({
        model: input.model,
        done,
        total: planned,
        etaMs: pace === null ? null : Math.round(pace * (planned - done)),
        phase,
        taskId: task.id,
      });
    }
    return attempts;
  };

  const baselineAttempts = new Map<string, ProbeAttempt[]>();
  for (const task of tasks) baselineAttempts.set(task.id, await runTask(task, input.baseline, 'check'));

  const failingIds = failingTaskIds(baselineAttempts);
  const failing = tasks.filter((task) => failingIds.has(task.id));
  const tried: ProbeReport['tried'] = [];
  let best = { setting: input.baseline, attempts: failing.flatMap((task) => baselineAttempts.get(task.id) ?? []) };
  tried.push(scoreOf(best.setting, best.attempts));
  let everCalled = [...baselineAttempts.values()].flat().some((attempt) => attempt.toolRounds > 0);

  const stages: TuningStage[] = ['toolMode', 'toolBudget', 'think'];
  for (const stage of failing.length > 0 ? stages : []) {
    for (const setting of tuningCandidates(best.setting, stage, input.capabilities)) {
      planned += failing.length * input.runs;
      const attempts: ProbeAttempt[] = [];
      for (const task of failing) attempts.push(...(await runTask(task, setting, 'tuning')));
      everCalled ||= attempts.some((attempt) => attempt.toolRounds > 0);
      const score = scoreOf(setting, attempts);
      tried.push(score);
      if (betterSetting(score, scoreOf(best.setting, best.attempts))) best = { setting, attempts };
    }
  }

  // The constrained format's effect, on the task marked for it: the prompt-based format with the grammar and without.
  let formats: FormatComparison | null = null;
  const formatTask = tasks.find((task) => task.compareFormats);
  if (formatTask) {
    const promptSetting: ProbeSetting = { ...best.setting, toolMode: 'prompt' };
    planned += 2 * input.runs;
    const constrained = await runTask(formatTask, promptSetting, 'tuning', true);
    const unconstrained = await runTask(formatTask, promptSetting, 'tuning', false);
    formats = {
      taskId: formatTask.id,
      title: formatTask.title,
      constrained: triesScore(constrained),
      unconstrained: triesScore(unconstrained),
    };
  }

  const results = tasks.map((task) => summariseTask(task.id, task.title, baselineAttempts.get(task.id) ?? []));
  const all = [...baselineAttempts.values()].flat();
  const figures = overall(results);
  const tunedBase: Omit<TunedSettings, 'summary'> = { ...best.setting, usesTools: everCalled };
  const proposal = sameSetting(best.setting, input.baseline) ? null : proposalOf(tasks, baselineAttempts, failingIds, best.attempts);
  return {
    type: 'probe-report',
    model: input.model,
    server: input.serverName,
    runs: input.runs,
    passAt1: figures.passAt1,
    passK: figures.passK,
    medianToolRounds: median(all.map((attempt) => attempt.toolRounds)),
    firstTokenMs: median(all.flatMap((attempt) => (attempt.firstTokenMs === null ? [] : [attempt.firstTokenMs]))),
    tokensPerSecond: median(all.flatMap((attempt) => (attempt.tokensPerSecond === null ? [] : [attempt.tokensPerSecond]))),
    tasks: results,
    failures: figures.failures,
    baseline: input.baseline,
    tried,
    tuned: { ...tunedBase, summary: tunedSummary(tunedBase) },
    proposal,
    formats,
    durationMs: input.now() - started,
    finishedAt: input.now(),
  };
}

/**
 * The figures under the tuned settings: a failing task's tries are its tries with them (tuning ran
 * the failing tasks in order, `runs` each), a task that passed every try keeps its tries.
 */
function proposalOf(
  tasks: readonly ProbeTask[],
  baselineAttempts: ReadonlyMap<string, ProbeAttempt[]>,
  failingIds: ReadonlySet<string>,
  tunedAttempts: readonly ProbeAttempt[],
): TuningProposal {
  const results = tasks.map((task) =>
    summariseTask(
      task.id,
      task.title,
      failingIds.has(task.id) ? tunedAttempts.filter((attempt) => attempt.taskId === task.id) : (baselineAttempts.get(task.id) ?? []),
    ),
  );
  const figures = overall(results);
  return { after: { passAt1: figures.passAt1, passK: figures.passK, tasks: results }, decision: 'pending' };
}

/**
 * One try that gives way to the user: it starts only while the user's runs are idle, and one that
 * starts meanwhile abandons it (not counted) to run it again afterwards.
 */
async function attemptYielding(
  input: ModelCheckInput,
  scratch: ScratchSupply,
  task: ProbeTask,
  setting: ProbeSetting,
  tools: ToolRegistry,
  constrained: boolean | undefined,
): Promise<ProbeAttempt> {
  for (;;) {
    await input.activity?.whenIdle(input.signal);
    const controller = new AbortController();
    const forward = (): void => controller.abort(input.signal.reason);
    input.signal.addEventListener('abort', forward, { once: true });
    let yielded = false;
    const stopListening =
      input.activity?.onBusy(() => {
        yielded = true;
        controller.abort(new Error('A conversation of yours started: this try runs again after it.'));
      }) ?? ((): void => undefined);
    try {
      return await runProbeAttempt({
        task,
        model: input.model,
        provider: input.provider,
        tools,
        setting,
        ...(constrained === undefined ? {} : { constrainedPromptFormat: constrained }),
        limits: input.limits,
        maxContextTokens: input.maxContextTokens,
        signal: controller.signal,
        now: input.now,
        newId: input.newId,
        scratch,
      });
    } catch (error) {
      if (input.signal.aborted) throw error;
      if (!yielded) throw error;
    } finally {
      stopListening();
      input.signal.removeEventListener('abort', forward);
    }
  }
}

export const DEFAULT_CHECK_RUNS = DEFAULTS.modelCheck.runs;
