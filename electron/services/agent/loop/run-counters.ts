import type { ProviderErrorKind } from '../../provider/provider-types';
/** What the stop conditions look at: the counters of one loop (the main run, or one sub-agent). */
export interface RunCounters {
  /** Tool rounds completed (a step with tool calls, all of them handled). */
  rounds: number;
  /** Counted tool errors in a row (unknown tool, 2nd invalid arguments, a tool that threw). */
  consecutiveErrors: number;
  /** Replies in a row written as a tool call that could not be read (prompt-based format). */
  consecutiveParseFailures: number;
  /** The last call's tool + canonical arguments, and how many times in a row it was made. */
  lastCallKey: string | null;
  sameCallStreak: number;
  /** Invalid-argument calls per tool: the first gets guidance, later ones are failures. */
  invalidArguments: Map<string, number>;
  /**
   * How many times in a row the current identical call has been made when its first run failed
   * (an unknown tool, arguments that fail validation, a tool that threw); 0 when it succeeded.
   */
  failingCallStreak: number;
  /** Steps the server spoiled (an unreadable tool call, an empty reply) that the model was told about. */
  serverRepairs: number;
  /** Provider failures the loop got past by changing what it sends (provider-recovery.ts): each kind once. */
  providerRecoveries: Set<ProviderErrorKind>;
}

export function createRunCounters(): RunCounters {
  return {
    rounds: 0,
    consecutiveErrors: 0,
    consecutiveParseFailures: 0,
    lastCallKey: null,
    sameCallStreak: 0,
    invalidArguments: new Map(),
    failingCallStreak: 0,
    serverRepairs: 0,
    providerRecoveries: new Set(),
  };
}

/** Note a call about to be made; returns how many times in a row this exact call has now been made. */
export function recordCallKey(counters: RunCounters, key: string): number {
  counters.sameCallStreak = counters.lastCallKey === key ? counters.sameCallStreak + 1 : 1;
  counters.lastCallKey = key;
  return counters.sameCallStreak;
}

/** How a handled call counts: a success resets the error run, a counted error extends it. */
export type CallTally = 'success' | 'counted-error' | 'uncounted';

export function recordCallTally(counters: RunCounters, tally: CallTally): void {
  switch (tally) {
    case 'success':
      counters.consecutiveErrors = 0;
      return;
    case 'counted-error':
      counters.consecutiveErrors += 1;
      return;
    case 'uncounted':
      return;
    default: {
      const unreachable: never = tally;
      return unreachable;
    }
  }
}

/** Count an invalid-arguments call of `tool`; returns how many it has had in this loop. */
export function recordInvalidArguments(counters: RunCounters, tool: string): number {
  const count = (counters.invalidArguments.get(tool) ?? 0) + 1;
  counters.invalidArguments.set(tool, count);
  return count;
}
