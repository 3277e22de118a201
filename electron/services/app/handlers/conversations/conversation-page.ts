import { DEFAULTS } from '../../../../../shared/constants';
import { ContractError } from '../../../../../shared/contract/contract-error';
import type { ConversationSnapshot } from '../../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { branchTree } from '../../../store/timeline/branch-tree';
import type { NewestPage } from '../../../store/conversations/tail-tracking';

/** The cursor of the page that ends just before event `index` ("e" and the index). */
export function cursorAt(index: number): string {
  return `e${index}`;
}

/**
 * One page of a conversation: the `pageSize` events before `before` (the newest when absent) and
 * the cursor of the page before them (null at the start). A cursor past the timeline's end (the
 * conversation was cleared or truncated since) is a clear error, never an empty page.
 */
export function conversationPage(
  snapshot: ConversationSnapshot,
  before: string | undefined,
  pageSize: number = DEFAULTS.conversationPageEvents,
): ConversationSnapshot {
  const total = snapshot.events.length;
  const end = before === undefined ? total : Number(before.slice(1));
  if (!Number.isInteger(end) || end < 0 || end > total) {
    throw new ContractError(
      'invalid-payload',
      `That page of the conversation no longer exists (it has ${total} events now). Open the conversation again.`,
    );
  }
  const start = turnStartAtOrBefore(
    snapshot.events,
    Math.max(0, end - pageSize),
    Math.max(0, end - pageSize * DEFAULTS.conversationPageReach),
  );
  return { ...snapshot, events: snapshot.events.slice(start, end), olderCursor: start > 0 ? cursorAt(start) : null };
}

/**
 * Where a page may start: at `from` when a turn starts there, else at the nearest earlier turn
 * start not before `floor`; `from` itself when there is none (a run longer than the reach).
 */
function turnStartAtOrBefore(events: readonly TacoEvent[], from: number, floor: number): number {
  for (let index = from; index >= floor; index -= 1) if (startsTurn(events, index)) return index;
  return from;
}

/** A user's message, or a run that no message started (a continue, a workflow step). */
function startsTurn(events: readonly TacoEvent[], index: number): boolean {
  if (index === 0) return true;
  const event = events[index];
  if (event?.type === 'user-message') return true;
  return event?.type === 'run-start' && events[index - 1]?.type !== 'user-message';
}

/** A page of the chosen branch of a whole timeline, with the siblings of its messages. */
export function chosenBranchPage(snapshot: ConversationSnapshot, before: string | undefined): ConversationSnapshot {
  const tree = branchTree(snapshot.events);
  return { ...conversationPage({ ...snapshot, events: tree.chosenEvents() }, before), branches: tree.siblings() };
}

/**
 * The newest page read from the end of the timeline, as `chosenBranchPage` answers it for the
 * same timeline: the tail serves only timelines with no notice and no run to close.
 */
export function newestPageSnapshot(newest: NewestPage): ConversationSnapshot {
  return {
    summary: newest.summary,
    events: newest.events,
    notices: [],
    pending: null,
    olderCursor: newest.start > 0 ? cursorAt(newest.start) : null,
    branches: newest.branches,
  };
}
