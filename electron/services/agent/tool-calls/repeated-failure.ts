import type { ChatMessage } from '../../provider/provider-types';
import type { LoopScope } from '../loop/run-context';
import type { RunCounters } from '../loop/run-counters';

/** A failed call the model is repeating: which tool, and why it failed the first time. */
export interface RepeatedFailure {
  tool: string;
  reason: string;
}

/**
 * Per loop (its counters): the call being repeated and how it first ended (a failure, or null for
 * a success), decided at its first repeat, so the refusals that follow do not count as its outcome.
 */
const firstOutcomes = new WeakMap<RunCounters, { key: string; failure: RepeatedFailure | null }>();

const PROMPT_MODE_FAILURE = /^Tool (\S+) failed:\n([\s\S]*?)(?:\n\nIf you have what you need[\s\S]*)?$/;

/** The loop's last tool message as an outcome: a result, or an error with its text. Null when there is none. */
function lastToolOutcome(messages: readonly ChatMessage[]): { ok: true } | { ok: false; tool: string; reason: string } | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (!message) continue;
    if (message.role === 'tool') {
      return message.content.startsWith('Error: ')
        ? { ok: false, tool: message.tool_name ?? 'tool', reason: message.content.slice('Error: '.length) }
        : { ok: true };
    }
    if (message.role === 'user') {
      const failed = PROMPT_MODE_FAILURE.exec(message.content);
      if (failed) return { ok: false, tool: failed[1] ?? 'tool', reason: (failed[2] ?? '').trim() };
      if (message.content.startsWith('Tool result for ')) return { ok: true };
    }
  }
  return null;
}

/**
 * Called for a call identical to the one just before it (same tool, same canonical arguments):
 * the failure of that earlier call, or null when it succeeded (then it is a plain repeated call).
 */
export function repeatedFailure(scope: LoopScope, key: string): RepeatedFailure | null {
  const known = firstOutcomes.get(scope.counters);
  if (known?.key === key && scope.counters.sameCallStreak > 2) return known.failure;
  const last = lastToolOutcome(scope.messages);
  const failure = last && !last.ok ? { tool: last.tool, reason: last.reason } : null;
  firstOutcomes.set(scope.counters, { key, failure });
  return failure;
}

/** Fed back when a call that failed is made again: it already failed, and why (not "you already have this result"). */
export function repeatedFailureMessage(failure: RepeatedFailure): string {
  return `Not run: this exact call (same tool, same arguments) already failed just before, and it would fail again. Why it failed:\n${failure.reason}\nChange the call, use another tool, or answer without it.`;
}

/** Fed back when the model keeps making the same failing call: the run stops with consecutive_errors. */
export function repeatedFailureStopMessage(failure: RepeatedFailure, times: number): string {
  return `Not run: ${failure.tool} was called ${times} times in a row with the same arguments that failed; the run stops here. Why it failed:\n${failure.reason}`;
}

/**
 * For a consecutive_errors stop: which tool failed last and why, from the loop's last tool error
 * (null when the stop came from replies that could not be read as calls).
 */
export function lastFailureDetail(scope: LoopScope): string | null {
  const last = lastToolOutcome(scope.messages);
  if (!last || last.ok) return null;
  const reason = last.reason.replace(/^Not run: /, '');
  return `The last failing call was ${last.tool}: ${reason}`;
}
