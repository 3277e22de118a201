import type { ConversationSummary, PendingWorkflow } from '../../../../shared/conversations/conversation';
import type { EventOf, TacoEvent } from '../../../../shared/contract/events';
import { describeStopReason } from '../../../../shared/conversations/stop-reason';

/** The last run of a conversation while it has not finished, and what it waits for, if anything. */
export interface OpenRun {
  runId: string;
  goal: string;
  waiting: PendingWorkflow | null;
}

/** What the index keeps of an open run (no arguments: they can be large). */
export interface OpenRunMark {
  runId: string;
  waiting: PendingWorkflow['kind'] | null;
}

/** Follows a conversation's events: which run is open, and whether it waits for the user. */
export function trackRun(open: OpenRun | null, event: TacoEvent): OpenRun | null {
  switch (event.type) {
    case 'run-start':
      return { runId: event.runId, goal: event.goal, waiting: null };
    case 'run-finish':
      return open?.runId === event.runId ? null : open;
    case 'approval-request':
      if (open?.runId !== event.runId) return open;
      return {
        ...open,
        waiting: {
          kind: 'approval',
          runId: open.runId,
          goal: open.goal,
          callId: event.callId,
          tool: event.tool,
          args: event.args,
          risk: event.risk,
        },
      };
    case 'question':
      if (open?.runId !== event.runId) return open;
      return { ...open, waiting: { kind: 'question', runId: open.runId, goal: open.goal, callId: event.callId, question: event.question } };
    case 'approval-resolved':
    case 'question-answered':
      return open?.runId === event.runId ? { ...open, waiting: null } : open;
    default:
      return open;
  }
}

export function markOf(open: OpenRun | null): OpenRunMark | null {
  return open ? { runId: open.runId, waiting: open.waiting?.kind ?? null } : null;
}

/** How the summary shows an open run that no process is running any more. */
export function unfinishedOf(mark: OpenRunMark | null, isLive: (runId: string) => boolean): ConversationSummary['unfinished'] {
  if (!mark || isLive(mark.runId)) return undefined;
  return mark.waiting ?? 'interrupted';
}

const PENDING_MESSAGE: Readonly<Record<PendingWorkflow['kind'], string>> = {
  approval: 'Paused: TACO closed while this task waited for your approval. Resume it to be asked again, or abandon it.',
  question: 'Paused: TACO closed while this task waited for your answer. Resume it to be asked again, or abandon it.',
};
const ABANDONED_MESSAGE = 'Interrupted: TACO closed while this task waited for you, and you abandoned it.';

export interface InterruptedRuns {
  /** The events with a `run-finish` (reason `interrupted`) for every run that never got one. */
  events: TacoEvent[];
  /** The last run, when it waits for the user and can be resumed. */
  pending: PendingWorkflow | null;
}

/**
 * A run with a `run-start` and no `run-finish` was cut off when TACO stopped (killed, crashed,
 * the power went). Its `run-finish` is synthesised where the run ended: before the next turn
 * begins, or at the end. The partial text stays as it was streamed. Runs this process is still
 * running (`isLive`) are left open. `ats[i]` is when `events[i]` was written.
 */
export function finishInterruptedRuns(
  events: readonly TacoEvent[],
  ats: readonly number[],
  options: { isLive: (runId: string) => boolean; abandoned: ReadonlySet<string> },
): InterruptedRuns {
  const out: TacoEvent[] = [];
  const open = new Map<string, { conversationId: string; lastAt: number }>();
  let last: OpenRun | null = null;

  const finish = (runId: string, message: string): void => {
    const run = open.get(runId);
    if (!run) return;
    open.delete(runId);
    out.push(interruptedFinish(runId, run.conversationId, message, run.lastAt));
  };
  const finishStale = (except: string | null): void => {
    for (const runId of [...open.keys()]) if (runId !== except && !options.isLive(runId)) finish(runId, describeStopReason('interrupted'));
  };

  events.forEach((event, index) => {
    const at = ats[index] ?? 0;
    if (event.type === 'user-message' || event.type === 'timeline-rewound' || event.type === 'branch-selected') finishStale(null);
    if (event.type === 'run-start') finishStale(event.runId);
    out.push(event);
    last = trackRun(last, event);
    if (event.type === 'run-start') open.set(event.runId, { conversationId: event.conversationId, lastAt: at });
    else if (event.type === 'run-finish') open.delete(event.runId);
    else if ('runId' in event) {
      const run = open.get(event.runId);
      if (run) run.lastAt = at;
    }
  });

  const final = last as OpenRun | null;
  let pending: PendingWorkflow | null = null;
  for (const runId of [...open.keys()]) {
    if (options.isLive(runId)) continue;
    if (options.abandoned.has(runId)) {
      finish(runId, ABANDONED_MESSAGE);
    } else if (final?.runId === runId && final.waiting) {
      pending = final.waiting;
      finish(runId, PENDING_MESSAGE[final.waiting.kind]);
    } else {
      finish(runId, describeStopReason('interrupted'));
    }
  }
  return { events: out, pending };
}

function interruptedFinish(runId: string, conversationId: string, message: string, at: number): EventOf<'run-finish'> {
  return { type: 'run-finish', runId, conversationId, reason: 'interrupted', message, error: null, at };
}

/** trackRun for the index's compact form. */
export function trackMark(mark: OpenRunMark | null, event: TacoEvent): OpenRunMark | null {
  switch (event.type) {
    case 'run-start':
      return { runId: event.runId, waiting: null };
    case 'run-finish':
      return mark?.runId === event.runId ? null : mark;
    case 'approval-request':
      return mark?.runId === event.runId ? { ...mark, waiting: 'approval' } : mark;
    case 'question':
      return mark?.runId === event.runId ? { ...mark, waiting: 'question' } : mark;
    case 'approval-resolved':
    case 'question-answered':
      return mark?.runId === event.runId ? { ...mark, waiting: null } : mark;
    default:
      return mark;
  }
}
