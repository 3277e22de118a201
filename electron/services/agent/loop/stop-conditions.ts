import { DEFAULTS } from '../../../../shared/constants';
import type { Limits } from '../../../../shared/settings/settings';
import type { StopReason } from '../../../../shared/conversations/stop-reason';
import type { RunCounters } from './run-counters';

/**
 * Each stop condition is a small predicate over the loop's counters (after vercel/ai's
 * stop-condition.ts). `timeout` and `cancelled` come from the run's signal, `provider_error`
 * from the provider and `model_gave_up` from the final answer; these are the counted ones.
 */
export type StopCondition = (counters: RunCounters, limits: Limits) => StopReason | null;

export const consecutiveErrorsReached: StopCondition = (counters, limits) =>
  counters.consecutiveErrors >= limits.maxConsecutiveErrors ? 'consecutive_errors' : null;

export const parseFailuresReached: StopCondition = (counters) =>
  counters.consecutiveParseFailures >= DEFAULTS.maxConsecutiveParseFailures ? 'consecutive_errors' : null;

export const repeatedCallReached: StopCondition = (counters) =>
  counters.sameCallStreak >= DEFAULTS.repeatedCallStopAt ? 'repeated_call' : null;

/** The same failing call made again and again: a failure, not a repeat of a result. */
export const repeatedFailureReached: StopCondition = (counters) =>
  counters.failingCallStreak >= DEFAULTS.repeatedCallStopAt ? 'consecutive_errors' : null;

export const maxIterationsReached: StopCondition = (counters, limits) =>
  counters.rounds >= limits.maxIterations ? 'max_iterations' : null;

/** Checked after every tool call: the rest of the round is not run. */
export const AFTER_CALL: readonly StopCondition[] = [repeatedFailureReached, repeatedCallReached, consecutiveErrorsReached];
/** Checked after every round. */
export const AFTER_ROUND: readonly StopCondition[] = [maxIterationsReached];
/** Checked after a reply that could not be read as a tool call. */
export const AFTER_PARSE_FAILURE: readonly StopCondition[] = [parseFailuresReached];

export function firstStop(conditions: readonly StopCondition[], counters: RunCounters, limits: Limits): StopReason | null {
  for (const condition of conditions) {
    const reason = condition(counters, limits);
    if (reason) return reason;
  }
  return null;
}
