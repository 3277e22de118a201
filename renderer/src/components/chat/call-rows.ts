import type { TurnPart } from '../../store/events/conversation-view';

type ToolPart = Extract<TurnPart, { type: 'tool' }>;
export type ApprovalPart = Extract<TurnPart, { type: 'approval' }>;

/** A tool call as one row: the call, the user's decision once given, and the calls of its helper agent (delegate_task). */
export interface CallRow {
  part: ToolPart;
  /** The answered approval of this call: the row shows the decision, its details the exact call and diff. */
  decision: ApprovalPart | null;
  /** Calls the helper agent of this delegate_task call made, in order (each with its own helpers). */
  helperCalls: CallRow[];
}

/** The tool that hands a task to a helper agent; its helper's calls are drawn inside its row. */
export const DELEGATE_TOOL = 'delegate_task';

export const isDelegation = (row: CallRow): boolean => row.part.tool === DELEGATE_TOOL || row.helperCalls.length > 0;

/**
 * Every tool part as a row keyed by part id, and the ids of parts that are drawn inside another
 * row: decided approvals (on their call's row; a batch only once all of it is decided) and the
 * calls of a helper whose delegate call is in this turn (inside that call). A helper call whose
 * delegate call is not here (an older page) stays a row of its own.
 */
export function callRows(parts: readonly TurnPart[]): { rows: Map<string, CallRow>; folded: Set<string> } {
  const rows = new Map<string, CallRow>();
  const byCall = new Map<string, CallRow>();
  const byFrame = new Map<string, CallRow>();
  for (const part of parts) {
    if (part.type !== 'tool') continue;
    const row: CallRow = { part, decision: null, helperCalls: [] };
    rows.set(part.id, row);
    byCall.set(part.callId, row);
    if (part.frameId !== null) byFrame.set(part.frameId, row);
  }
  const folded = new Set<string>();
  for (const part of parts) {
    if (part.type === 'tool' && part.delegateFrameId !== undefined) {
      const parent = byFrame.get(part.delegateFrameId);
      const row = rows.get(part.id);
      if (parent && row && parent !== row) {
        parent.helperCalls.push(row);
        folded.add(part.id);
      }
    }
    if (part.type === 'approval' && decided(part, parts)) {
      const row = byCall.get(part.callId);
      if (row) {
        row.decision = part;
        folded.add(part.id);
      }
    }
  }
  return { rows, folded };
}

/** Answered, and (for a batch) every request of the batch answered: the batch card has nothing left to ask. */
function decided(part: ApprovalPart, parts: readonly TurnPart[]): boolean {
  if (part.resolution === null) return false;
  const batchId = part.batch?.batchId;
  if (batchId === undefined) return true;
  return parts.every((other) => other.type !== 'approval' || other.batch?.batchId !== batchId || other.resolution !== null);
}

/** How a delegated task ended, in the summary's words. */
type TaskState = 'running' | 'done' | 'failed' | 'denied' | 'cancelled' | 'skipped';

function taskState(row: CallRow): TaskState {
  const { outcome } = row.part;
  if (outcome.type === 'pending') return 'running';
  if (outcome.type === 'result') return 'done';
  return outcome.ending;
}

const STATE_ORDER: readonly TaskState[] = ['done', 'running', 'failed', 'denied', 'cancelled', 'skipped'];

/** The one line a delegation row shows closed. */
export interface DelegationSummary {
  /** "Delegated 3 tasks" */
  title: string;
  /** "2 done, 1 failed" (a pending task counts as running, or stopped once the run ended). */
  outcome: string;
  /** "22 calls by helpers · 23 levels deep"; null when the helpers made no call. */
  inside: string | null;
  /** Some task did not finish well: the row is marked. */
  problem: boolean;
}

export function delegationSummary(calls: readonly CallRow[], runFinished: boolean): DelegationSummary {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const state = taskState(call);
    const word = state === 'running' && runFinished ? 'stopped' : state;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const order = [...STATE_ORDER, 'stopped'];
  const outcome = [...counts.entries()]
    .sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
    .map(([word, count]) => `${count} ${word}`)
    .join(', ');
  const inside = calls.reduce((sum, call) => sum + descendants(call), 0);
  const levels = Math.max(...calls.map(delegationDepth));
  const parts = [
    inside > 0 ? `${inside} ${inside === 1 ? 'call' : 'calls'} by helpers` : null,
    levels > 1 ? `${levels} levels deep` : null,
  ];
  const text = parts.filter((part): part is string => part !== null).join(' · ');
  return {
    title: `Delegated ${calls.length} ${calls.length === 1 ? 'task' : 'tasks'}`,
    outcome,
    inside: text === '' ? null : text,
    problem: [...counts.keys()].some((word) => word !== 'done' && word !== 'running'),
  };
}

function descendants(row: CallRow): number {
  return row.helperCalls.reduce((sum, child) => sum + 1 + descendants(child), 0);
}

/** How many delegate calls deep this row's work goes (1: its helper delegated nothing). */
function delegationDepth(row: CallRow): number {
  const nested = row.helperCalls.filter(isDelegation).map(delegationDepth);
  return 1 + (nested.length > 0 ? Math.max(...nested) : 0);
}
