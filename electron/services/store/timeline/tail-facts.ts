import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import type { TacoEvent } from '../../../../shared/contract/events';
import {
  addLine,
  branchFactsSchema,
  copyBranch,
  cutAtRewind,
  isPairList,
  pruneBranch,
  rewindOf,
  type BranchFacts,
} from './branch-tail-facts';

/**
 * What the conversation index remembers of a timeline so that its newest page can be read from
 * the end of the file, without parsing the rest: the file's size and mtime when these facts were
 * true, how many events it holds, and where the turns near its end start (event index → byte
 * offset of its line). A timeline with branches (edits, regenerations, branch choices) has them for
 * its chosen branch: the event index counts that branch's events, and `branch` says where in the
 * file they are and which of its messages have siblings. No run may be left without its finish
 * before another turn began, and every line must read: anything else (an abandoned run, a torn
 * tail, a file changed behind our back) has no facts, and the whole file is read.
 */
export interface TailFacts {
  size: number;
  mtimeMs: number;
  /** Events in the file (which, for a timeline with facts, are the events the conversation shows). */
  events: number;
  /** [event index, byte offset] of the turn starts the newest page can begin at, oldest first. */
  turns: Array<[number, number]>;
  /** The run that has started and not finished (a new turn while it is open would make facts wrong). */
  openRunId: string | null;
  /** Whether the last event is a user's message (a run that starts right after it does not start a turn). */
  afterUserMessage: boolean;
  /** Only for a timeline with branches: where the chosen branch's events are, and its siblings (branch-tail-facts.ts). */
  branch?: BranchFacts;
}

export const tailFactsSchema = z.object({
  size: z.number().int().min(0),
  mtimeMs: z.number(),
  events: z.number().int().min(0),
  // Checked in one loop: a long history's index holds tens of thousands of these pairs, and a zod
  // tuple per pair made reading it at start take most of a second.
  turns: z.custom<Array<[number, number]>>(isPairList, 'turns must be pairs of whole numbers from 0'),
  openRunId: z.string().nullable(),
  afterUserMessage: z.boolean(),
});

/** Facts with a `branch`: kept in the index under their own key, so a TACO that predates them reads the whole file. */
export const branchTailFactsSchema = tailFactsSchema.extend({ branch: branchFactsSchema });

/** Events that move the conversation between branches. */
function isBranchEvent(event: TacoEvent): boolean {
  return event.type === 'timeline-rewound' || event.type === 'branch-selected';
}

/**
 * The run open after `event`, given the one open before; undefined when the event begins a new
 * turn (or moves between branches) while a run is open: the reader would close that run with a
 * made-up finish, which the facts cannot say.
 */
export function openRunAfter(openRunId: string | null, event: TacoEvent): string | null | undefined {
  if (openRunId !== null) {
    if (event.type === 'user-message' || isBranchEvent(event)) return undefined;
    if (event.type === 'run-start' && event.runId !== openRunId) return undefined;
  }
  if (event.type === 'run-start') return event.runId;
  if (event.type === 'run-finish' && event.runId === openRunId) return null;
  return openRunId;
}

/** Whether event `index` starts a turn, as the page cutter (conversation-page.ts) says. */
function startsTurn(index: number, event: TacoEvent, afterUserMessage: boolean): boolean {
  if (index === 0) return true;
  if (event.type === 'user-message') return true;
  return event.type === 'run-start' && !afterUserMessage;
}

/** [start, end) bytes of one line in the file (its newline included). */
export type LineSpan = readonly [number, number];

/**
 * The facts after `events` were appended as lines at `lines[i]`; null when the timeline stops
 * being one the tail can serve (its facts are then dropped until the next whole read). For a
 * timeline with branches the appended events continue the chosen branch, their lines join its
 * byte ranges, and an edit or regenerate of a message on its newest page moves it (branch-tree.ts:
 * the new message becomes the rewound one's sibling, chosen); a branch choice, or a rewind of an
 * older message or in a timeline without branch facts, drops them.
 */
export function extendFacts(
  facts: TailFacts,
  events: readonly TacoEvent[],
  lines: readonly LineSpan[],
  file: { size: number; mtimeMs: number },
): TailFacts | null {
  let count = facts.events;
  let openRunId = facts.openRunId;
  let afterUserMessage = facts.afterUserMessage;
  let turns = [...facts.turns];
  const branch = facts.branch ? copyBranch(facts.branch) : null;
  for (const [position, event] of events.entries()) {
    const line = lines[position];
    if (!line) return null;
    const open = openRunAfter(openRunId, event);
    if (open === undefined) return null;
    openRunId = open;
    if (event.type === 'timeline-rewound') {
      const rewound = branch ? rewindOf(branch, turns, event) : null;
      if (!branch || !rewound) return null;
      branch.rewound = rewound;
      continue;
    }
    // A summary belongs to every branch (branch-tree.ts): one in a branched file is not followed.
    if (event.type === 'branch-selected' || (branch && event.type === 'conversation-updated')) return null;
    if (branch) {
      const rewound = branch.rewound;
      // As branch-tree.ts: a command's output waits with the rewind for its message; anything else ends the wait.
      if (event.type !== 'command-output') branch.rewound = null;
      if (rewound && event.type === 'user-message' && event.messageId === rewound.messageId) {
        // The message itself starts a turn whatever came before it.
        count = rewound.index;
        turns = turns.filter(([index]) => index < count);
        cutAtRewind(branch, rewound);
      }
    }
    if (startsTurn(count, event, afterUserMessage)) turns.push([count, line[0]]);
    if (branch) {
      addLine(branch.ranges, line);
      if (event.type === 'user-message') branch.messages.push([count, event.messageId]);
    }
    afterUserMessage = event.type === 'user-message';
    count += 1;
  }
  const kept = neededTurns(turns, count);
  return {
    size: file.size,
    mtimeMs: file.mtimeMs,
    events: count,
    turns: kept,
    openRunId,
    afterUserMessage,
    ...(branch ? { branch: pruneBranch(branch, kept, count) } : {}),
  };
}

/**
 * The turn starts a newest page can still begin at as the timeline grows: the last one at or
 * before the page's nominal start (if within its reach) and every later one. The page's start
 * only moves forward, so older ones are never needed again.
 */
function neededTurns(turns: ReadonlyArray<[number, number]>, count: number): Array<[number, number]> {
  const from = count - DEFAULTS.conversationPageEvents;
  const floor = count - DEFAULTS.conversationPageEvents * DEFAULTS.conversationPageReach;
  let first = 0;
  for (let index = 0; index < turns.length; index += 1) if ((turns[index]?.[0] ?? 0) <= from) first = index;
  return turns.slice(first).filter(([index]) => index >= floor);
}

/** The facts of a timeline with no events yet (just written: header and metas). */
export function emptyFacts(file: { size: number; mtimeMs: number }): TailFacts {
  return { size: file.size, mtimeMs: file.mtimeMs, events: 0, turns: [], openRunId: null, afterUserMessage: false };
}
