/*
 * The model check's report card: τ-bench's pass^k (the share of tasks whose k tries all passed)
 * beside pass^1 (the mean success rate), per task and overall, with what went wrong by kind.
 */

/** Why a try failed, as the report counts it. */
export const PROBE_FAILURE_KINDS = [
  'no-call',
  'malformed-call',
  'wrong-tool',
  'bad-arguments',
  'loop',
  'truncated',
  'timeout',
  'wrong-answer',
  'server-error',
] as const;
export type ProbeFailureKind = (typeof PROBE_FAILURE_KINDS)[number];

export const FAILURE_WORDS: Record<ProbeFailureKind, string> = {
  'no-call': 'no tool call',
  'malformed-call': 'malformed call',
  'wrong-tool': 'wrong tool',
  'bad-arguments': 'bad arguments',
  loop: 'loop',
  truncated: 'truncated',
  timeout: 'timeout',
  'wrong-answer': 'wrong answer',
  'server-error': 'server error',
};

/** How the loop sends tools: the server's own tool calls, or TACO's prompt-based JSON format. */
export type ToolMode = 'native' | 'prompt';

/** One setting the check can run under (and that later conversations on the model use). */
export interface ProbeSetting {
  toolMode: ToolMode;
  /** Tools per model request (settings.toolBudget's meaning). */
  toolBudget: number;
  /** Thinking on for tool steps (only a thinking model takes it). */
  think: boolean;
}

/** One try of one task. */
export interface ProbeAttempt {
  taskId: string;
  passed: boolean;
  failure: ProbeFailureKind | null;
  /** Model steps that made tool calls. */
  toolRounds: number;
  /** From the request to the first text, thinking or call; null when nothing came. */
  firstTokenMs: number | null;
  tokensPerSecond: number | null;
  durationMs: number;
  /** A short, plain reason (the failure in the task's terms). */
  note: string | null;
}

export interface ProbeTaskResult {
  taskId: string;
  title: string;
  runs: number;
  passes: number;
  passAt1: number;
  passK: number;
  medianToolRounds: number | null;
  failures: Partial<Record<ProbeFailureKind, number>>;
}

/** The settings the check chose for the model, with the words the model picker shows. */
export interface TunedSettings extends ProbeSetting {
  /** False when the model called no tool in any setting: TACO says so instead of pretending to tune it. */
  usesTools: boolean;
  /** "Tuned from its report: prompt format, 10 tools" or "Does not use tools". */
  summary: string;
}

/** Passes of tries, and mean time per try, of one way of running a task. */
export interface TriesScore {
  passes: number;
  tries: number;
  meanMs: number;
}

/**
 * The constrained format's effect: one task in the prompt-based format with the server's grammar
 * (one offered call or an answer, as conversations send it) and without (plain instructions).
 */
export interface FormatComparison {
  taskId: string;
  title: string;
  constrained: TriesScore;
  unconstrained: TriesScore;
}

/** What the user said to a proposal; only 'accepted' puts the settings into `modelTuning`. */
export type TuningDecision = 'pending' | 'accepted' | 'declined';

/** The figures a report would have under the tuned settings: the failing tasks' tries with them, the other tasks' as they passed. */
export interface TuningProposal {
  after: { passAt1: number; passK: number; tasks: ProbeTaskResult[] };
  decision: TuningDecision;
}

export interface ProbeReport {
  type: 'probe-report';
  /** The model reference (`<serverId>::<model>` on an added server). */
  model: string;
  /** The server's name as the user named it. */
  server: string;
  runs: number;
  passAt1: number;
  passK: number;
  medianToolRounds: number | null;
  firstTokenMs: number | null;
  tokensPerSecond: number | null;
  tasks: ProbeTaskResult[];
  failures: Partial<Record<ProbeFailureKind, number>>;
  /** The setting the tasks ran under first. */
  baseline: ProbeSetting;
  /** Each setting tuning tried on the failing tasks (the baseline first): passes of tries, mean time per try. */
  tried: Array<{ setting: ProbeSetting; passes: number; tries: number; meanMs: number }>;
  tuned: TunedSettings;
  /**
   * Tuning's outcome as a proposal the user accepts or declines: the settings are `tuned`, the
   * figures under them `after`. Null when the settings the tasks ran under did best (nothing to
   * change); absent in reports made before proposals.
   */
  proposal?: TuningProposal | null;
  /** The task marked `compareFormats` with and without the grammar; absent in reports made before it. */
  formats?: FormatComparison | null;
  durationMs: number;
  finishedAt: number;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One task's figures from its tries. */
export function summariseTask(taskId: string, title: string, attempts: readonly ProbeAttempt[]): ProbeTaskResult {
  const passes = attempts.filter((attempt) => attempt.passed).length;
  const failures: Partial<Record<ProbeFailureKind, number>> = {};
  for (const attempt of attempts) if (attempt.failure) failures[attempt.failure] = (failures[attempt.failure] ?? 0) + 1;
  return {
    taskId,
    title,
    runs: attempts.length,
    passes,
    passAt1: attempts.length === 0 ? 0 : passes / attempts.length,
    passK: attempts.length > 0 && passes === attempts.length ? 1 : 0,
    medianToolRounds: median(attempts.map((attempt) => attempt.toolRounds)),
    failures,
  };
}

/** The overall figures: pass^1 is the mean of the tasks' rates, pass^k the share of tasks whose every try passed. */
export function overall(tasks: readonly ProbeTaskResult[]): { passAt1: number; passK: number; failures: ProbeTaskResult['failures'] } {
  const failures: Partial<Record<ProbeFailureKind, number>> = {};
  for (const task of tasks)
    for (const [kind, count] of Object.entries(task.failures) as [ProbeFailureKind, number][])
      failures[kind] = (failures[kind] ?? 0) + count;
  if (tasks.length === 0) return { passAt1: 0, passK: 0, failures };
  return {
    passAt1: tasks.reduce((sum, task) => sum + task.passAt1, 0) / tasks.length,
    passK: tasks.filter((task) => task.passK === 1).length / tasks.length,
    failures,
  };
}

/** Whether two settings are the same (tuning proposes only a change). */
export function sameSetting(a: ProbeSetting, b: ProbeSetting): boolean {
  return a.toolMode === b.toolMode && a.toolBudget === b.toolBudget && a.think === b.think;
}

/** The words shown where the model is picked. */
export function tunedSummary(tuned: Omit<TunedSettings, 'summary'>): string {
  if (!tuned.usesTools) return 'Does not use tools: it answers from what it knows, and tool tasks fail';
  const format = tuned.toolMode === 'prompt' ? 'prompt format' : 'native tool calls';
  return `Tuned from its report: ${format}, ${tuned.toolBudget} tools${tuned.think ? ', thinking on' : ''}`;
}
