import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { BranchSiblings } from '../../../../shared/conversations/branches';

/**
 * What the conversation index remembers of a timeline so that its newest page can be read from
 * the end of the file, without parsing the rest: the file's size and mtime when these facts were
 * true, how many events it holds, and where the turns near its end start (event index → byte
 * offset of its line). A timeline with branches (edits, regenerations, branch choices) has them for
 * its chosen branch: the event index counts that branch's events, and `branch` says where in the
 * file they are and which of its messages have siblings. No run may be left without its finish
 * before another turn began, and every line must read: anything else (an abandoned run, a torn
 * tail, a rewind still waiting for its message, a file changed behind our back) has no facts, and
 * the whole file is read.
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
  /** Only for a timeline with branches: where the chosen branch's events are, and its siblings. */
  branch?: BranchFacts;
}

/** The chosen branch of a timeline with branches, as far as its newest page needs it. */
export interface BranchFacts {
  /**
   * [start, end) byte ranges of the chosen branch's event lines, oldest first, from the range that
   * holds the first turn start kept on: only those lines are read (other branches' lie between).
   */
  ranges: Array<[number, number]>;
  /** What conversation.get answers as `branches` for any page of the chosen branch. */
  siblings: BranchSiblings;
}

export const tailFactsSchema = z.object({
  size: z.number().int().min(0),
  mtimeMs: z.number(),
  events: z.number().int().min(0),
  // Checked in one loop: a long history's index holds tens of thousands of these pairs, and a zod
  // tuple per pair made reading it at start take most of a second.
  turns: z.custom<Array<[number, number]>>(isTurnList, 'turns must be pairs of whole numbers from 0'),
  openRunId: z.string().nullable(),
  afterUserMessage: z.boolean(),
});

/** Facts with a `branch`: kept in the index under their own key, so a TACO that predates them reads the whole file. */
export const branchTailFactsSchema = tailFactsSchema.extend({
  branch: z.object({
    ranges: z.custom<Array<[number, number]>>(isTurnList, 'ranges must be pairs of whole numbers from 0'),
    siblings: z.record(z.string(), z.array(z.string())),
  }),
});

const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** [event index, byte offset] pairs, each a whole number from 0. */
function isTurnList(value: unknown): boolean {
  return Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && isCount(pair[0]) && isCount(pair[1]));
}

/** Events that move the conversation between branches: appending one drops the facts (the next whole read makes them again). */
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
 * timeline with branches, the appended events continue the chosen branch (the facts say the
 * conversation is at its end), and their lines join its byte ranges.
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
  const turns = [...facts.turns];
  const ranges = facts.branch ? facts.branch.ranges.map(([start, end]): [number, number] => [start, end]) : null;
  for (const [position, event] of events.entries()) {
    const line = lines[position];
    if (isBranchEvent(event) || !line) return null;
    const open = openRunAfter(openRunId, event);
    if (open === undefined) return null;
    openRunId = open;
    if (startsTurn(count, event, afterUserMessage)) turns.push([count, line[0]]);
    if (ranges) addLine(ranges, line);
    afterUserMessage = event.type === 'user-message';
    count += 1;
  }
  const kept = neededTurns(turns, count);
  const branch = facts.branch && ranges ? { siblings: facts.branch.siblings, ranges: neededRanges(ranges, kept) } : null;
  return { size: file.size, mtimeMs: file.mtimeMs, events: count, turns: kept, openRunId, afterUserMessage, ...(branch ? { branch } : {}) };
}

/** Adds a line to the ranges: the last one grows when the line follows it, else a new one begins. */
function addLine(ranges: Array<[number, number]>, [start, end]: LineSpan): void {
  const last = ranges.at(-1);
  if (last && last[1] === start) last[1] = end;
  else ranges.push([start, end]);
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

/** The byte ranges a page starting at one of `turns` reads: those that end after the first of them begins. */
function neededRanges(ranges: ReadonlyArray<[number, number]>, turns: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const first = turns[0];
  return first ? ranges.filter(([, end]) => end > first[1]) : [];
}

/** The facts of a timeline with no events yet (just written: header and metas). */
export function emptyFacts(file: { size: number; mtimeMs: number }): TailFacts {
  return { size: file.size, mtimeMs: file.mtimeMs, events: 0, turns: [], openRunId: null, afterUserMessage: false };
}
