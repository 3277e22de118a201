import type { BranchSiblings } from '../../../../shared/conversations/branches';
import type { TacoEvent } from '../../../../shared/contract/events';

/**
 * The branches of a conversation, read from its append-only timeline (nothing is ever rewritten):
 *
 * - each `user-message` opens a turn, the child of the turn the conversation was at;
 * - `timeline-rewound` (edit, regenerate) makes the user message it names (`messageId`, written
 *   right after it) a sibling of `fromMessageId` instead of a child of the last turn. A rewind
 *   whose message never came (a crash between the two lines) changes nothing: the conversation is
 *   as it was before the edit, and the next message continues it. A rewind written before
 *   branches names no message: the next user message is the sibling (only a command's output or a
 *   summary may sit between them);
 * - `branch-selected` chooses a message's branch; below it, each turn keeps the child chosen last
 *   (a new child is chosen when it is made), so "the rest of the conversation follows";
 * - every other event belongs to the turn the conversation was at when it was written (one run at
 *   a time per conversation, and a branch is never chosen during a run), except
 *   `conversation-updated`, a summary that belongs to every branch.
 *
 * The chosen branch is the path from the start through each turn's chosen child; its events, in
 * timeline order, are what the view, the model's history and the Markdown export read.
 */
interface Turn {
  messageId: string | null;
  parent: Turn | null;
  children: Turn[];
  chosen: Turn | null;
}

export interface BranchTree {
  /** The chosen branch's events in timeline order, without the branch events themselves. */
  chosenEvents(): TacoEvent[];
  /** The siblings of each message on the chosen branch that has alternatives. */
  siblings(): BranchSiblings;
  /** Whether a user message with this id exists in any branch. */
  hasMessage(messageId: string): boolean;
  /** The chosen branch's user message ids, oldest first. */
  chosenMessageIds(): string[];
  /**
   * The events an edit or regenerate of `messageId` continues from: the chosen branch up to (not
   * including) that message. Null when the message is not on the chosen branch.
   */
  eventsBefore(messageId: string): TacoEvent[] | null;
  /** The run ids on the chosen branch (runs of other branches are not the conversation as shown). */
  chosenRunIds(): Set<string>;
  /** Where each of `chosenEvents()` is in `events` (ascending). */
  chosenIndices(): number[];
  /**
   * Whether the next event is sure to continue the chosen branch: the conversation is at the
   * chosen branch's last turn, with no rewind waiting for its message.
   */
  atChosenEnd(): boolean;
}

const SHARED = 'shared';
const BRANCH_EVENT = 'branch-event';
type Owner = Turn | typeof SHARED | typeof BRANCH_EVENT;

export function branchTree(events: readonly TacoEvent[]): BranchTree {
  const root: Turn = { messageId: null, parent: null, children: [], chosen: null };
  const turns = new Map<string, Turn>();
  const owners: Owner[] = [];
  let tip = root;
  /** A rewind waiting for its message: the parent of the new sibling, and the sibling's id when the rewind names it. */
  let rewoundTo: { parent: Turn; messageId: string | undefined } | null = null;

  for (const event of events) {
    switch (event.type) {
      case 'user-message': {
        const parent = rewoundTo && (rewoundTo.messageId ?? event.messageId) === event.messageId ? rewoundTo.parent : tip;
        rewoundTo = null;
        const turn: Turn = { messageId: event.messageId, parent, children: [], chosen: null };
        parent.children.push(turn);
        parent.chosen = turn;
        turns.set(event.messageId, turn);
        tip = turn;
        owners.push(turn);
        break;
      }
      case 'timeline-rewound': {
        const parent = turns.get(event.fromMessageId)?.parent;
        rewoundTo = parent ? { parent, messageId: event.messageId } : null;
        owners.push(BRANCH_EVENT);
        break;
      }
      case 'branch-selected': {
        const turn = turns.get(event.messageId);
        if (turn) {
          choose(turn);
          tip = leafBelow(turn);
          rewoundTo = null;
        }
        owners.push(BRANCH_EVENT);
        break;
      }
      case 'conversation-updated':
        owners.push(SHARED);
        break;
      case 'command-output':
        owners.push(tip);
        break;
      default:
        // Anything else (a run) means the rewind's message never came.
        rewoundTo = null;
        owners.push(tip);
    }
  }

  const chosenPath = (): Turn[] => {
    const path: Turn[] = [];
    for (let turn = root.chosen; turn; turn = turn.chosen) path.push(turn);
    return path;
  };
  // `keep` holds turns only: a branch event's owner is never in it, a summary's always counts.
  const kept = (keep: ReadonlySet<Owner | undefined>, index: number): boolean => owners[index] === SHARED || keep.has(owners[index]);
  const eventsOf = (keep: ReadonlySet<Turn>): TacoEvent[] => events.filter((_, index) => kept(keep, index));

  return {
    chosenEvents: () => eventsOf(new Set([root, ...chosenPath()])),
    siblings() {
      const out: BranchSiblings = {};
      for (const turn of chosenPath()) {
        const siblings = turn.parent?.children ?? [];
        if (siblings.length > 1 && turn.messageId !== null) out[turn.messageId] = siblings.map((sibling) => sibling.messageId ?? '');
      }
      return out;
    },
    hasMessage: (messageId) => turns.has(messageId),
    chosenMessageIds: () => chosenPath().map((turn) => turn.messageId ?? ''),
    eventsBefore(messageId) {
      const path = chosenPath();
      const at = path.findIndex((turn) => turn.messageId === messageId);
      if (at === -1) return null;
      return eventsOf(new Set([root, ...path.slice(0, at)]));
    },
    chosenRunIds() {
      const ids = new Set<string>();
      for (const event of eventsOf(new Set([root, ...chosenPath()]))) if (event.type === 'run-start') ids.add(event.runId);
      return ids;
    },
    chosenIndices() {
      const keep = new Set<Turn>([root, ...chosenPath()]);
      const indices: number[] = [];
      for (let index = 0; index < events.length; index += 1) if (kept(keep, index)) indices.push(index);
      return indices;
    },
    atChosenEnd: () => rewoundTo === null && tip === (chosenPath().at(-1) ?? root),
  };
}

/** The chosen branch's events (what the conversation shows and the model reads). */
export function chosenBranchEvents(events: readonly TacoEvent[]): TacoEvent[] {
  return branchTree(events).chosenEvents();
}

/** Makes `turn` and its ancestors the chosen child of their parents. */
function choose(turn: Turn): void {
  for (let child = turn; child.parent; child = child.parent) child.parent.chosen = child;
}

/** Where the conversation goes on below `turn`: follow each turn's chosen child to the end. */
function leafBelow(turn: Turn): Turn {
  let leaf = turn;
  while (leaf.chosen) leaf = leaf.chosen;
  return leaf;
}
