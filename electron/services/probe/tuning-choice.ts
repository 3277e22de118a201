import type { ProbeAttempt, ProbeReport, ProbeSetting, TriesScore } from '../../../shared/probe/probe-report';

/** One setting's score in tuning: passes of tries and mean time per try. */
export type SettingScore = ProbeReport['tried'][number];

/** Passes of tries and mean time per try of some tries. */
export function triesScore(attempts: readonly ProbeAttempt[]): TriesScore {
  const total = attempts.reduce((sum, attempt) => sum + attempt.durationMs, 0);
  return {
    passes: attempts.filter((attempt) => attempt.passed).length,
    tries: attempts.length,
    meanMs: attempts.length === 0 ? 0 : Math.round(total / attempts.length),
  };
}

export function scoreOf(setting: ProbeSetting, attempts: readonly ProbeAttempt[]): SettingScore {
  return { setting, ...triesScore(attempts) };
}

/**
 * Whether tuning moves to `candidate`: more passes wins; equal passes go to the strictly faster
 * setting — unless nothing passed either way: a setting that fails as fast says nothing, and the
 * model keeps what it had.
 */
export function betterSetting(candidate: SettingScore, current: SettingScore): boolean {
  if (candidate.passes !== current.passes) return candidate.passes > current.passes;
  return candidate.passes > 0 && candidate.meanMs < current.meanMs;
}

/** The tasks tuning runs again: every task with at least one failed try (pass^k below 1). */
export function failingTaskIds(attemptsByTask: ReadonlyMap<string, readonly ProbeAttempt[]>): Set<string> {
  const failing = new Set<string>();
  for (const [taskId, attempts] of attemptsByTask) if (attempts.some((attempt) => !attempt.passed)) failing.add(taskId);
  return failing;
}
