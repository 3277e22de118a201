import type { EventOf, TacoEvent } from '../../../../shared/contract/events';
import type { Limits } from '../../../../shared/settings/settings';
import { describeStopReason, type StopReason } from '../../../../shared/conversations/stop-reason';
import type { AgentLoopOutcome } from './agent-types';

export interface RunLifecycleInput {
  runId: string;
  conversationId: string;
  model: string;
  /** The user's request this run works on (`run-start`'s goal). */
  goal: string;
  limits: Pick<Limits, 'maxIterations' | 'runTimeoutMs'>;
  emit: (event: TacoEvent) => void;
  /** Aborted by Stop, /cancel or shutdown: a loop that throws after it is `cancelled`. */
  signal: AbortSignal;
  now: () => number;
}

export interface RunLifecycleEnd {
  finish: EventOf<'run-finish'>;
  /** What the loop returned; null when it threw. */
  outcome: AgentLoopOutcome | null;
}

/**
 * The one owner of a run's lifecycle events: `run-start` first, then whatever the loop emits,
 * then exactly one `run-finish`, whatever happens — a loop that throws ends as `provider_error`
 * with its message (`cancelled` when the run was stopped). Events of the run that arrive after its
 * `run-finish` (a late status sentence) are dropped, so the finish is always the last word.
 */
export async function runWithLifecycle(
  run: RunLifecycleInput,
  loop: (emit: (event: TacoEvent) => void) => Promise<AgentLoopOutcome>,
): Promise<RunLifecycleEnd> {
  let finished = false;
  /** Whether any answer text arrived: a stop says "the partial answer is kept" only when there is one. */
  let answered = false;
  const emit = (event: TacoEvent): void => {
    if (finished && 'runId' in event && event.runId === run.runId) return;
    if (event.type === 'text-delta' && event.runId === run.runId && event.text !== '') answered = true;
    run.emit(event);
  };
  const ids = { runId: run.runId, conversationId: run.conversationId };
  emit({ type: 'run-start', model: run.model, goal: run.goal, startedAt: run.now(), ...ids });

  let outcome: AgentLoopOutcome | null = null;
  let reason: StopReason;
  let error: string | null;
  try {
    outcome = await loop(emit);
    reason = outcome.reason;
    error = outcome.error;
  } catch (thrown) {
    reason = run.signal.aborted ? 'cancelled' : 'provider_error';
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  const described = describeStopReason(reason, { maxIterations: run.limits.maxIterations, timeoutMs: run.limits.runTimeoutMs, answered });
  const message = outcome?.finishNote ? `${outcome.finishNote} ${described}`.trim() : described;
  const finish: EventOf<'run-finish'> = { type: 'run-finish', reason, message, error, at: run.now(), ...ids };
  emit(finish);
  finished = true;
  return { finish, outcome };
}
