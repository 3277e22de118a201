import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import type { TacoEvent } from '../../../../shared/contract/events';

/**
 * What the conversation index remembers of a timeline so that its newest page can be read from
 * the end of the file, without parsing the rest: the file's size and mtime when these facts were
 * true, how many events it holds, and where the turns near its end start (event index → byte
 * offset of its line). Only a timeline the plain reading serves as written has facts: no branch
 * events, no run left without its finish before another began, no unreadable line. Anything
 * else (a rewind, a branch, an abandoned run, a torn tail, a file changed behind our back) has
 * none, and the whole file is read.
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

const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** [event index, byte offset] pairs, each a whole number from 0. */
function isTurnList(value: unknown): boolean {
  return Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && isCount(pair[0]) && isCount(pair[1]));
}

/** Events that move the conversation between branches: a timeline with one has no facts. */
function isBranchEvent(event: TacoEvent): boolean {
  return event.type === 'timeline-rewound' || event.type === 'branch-selected';
}

/** Whether event `index` starts a turn, as the page cutter (conversation-page.ts) says. */
function startsTurn(index: number, event: TacoEvent, afterUserMessage: boolean): boolean {
  if (index === 0) return true;
  if (event.type === 'user-message') return true;
  return event.type === 'run-start' && !afterUserMessage;
}

/**
 * The facts after `events` were appended as lines starting at byte `offsets[i]`; null when the
 * timeline stops being one the tail can serve (its facts are then dropped until the next whole
 * read).
 */
export function extendFacts(
  facts: TailFacts,
  events: readonly TacoEvent[],
  offsets: readonly number[],
  file: { size: number; mtimeMs: number },
): TailFacts | null {
  let count = facts.events;
  let openRunId = facts.openRunId;
  let afterUserMessage = facts.afterUserMessage;
  const turns = [...facts.turns];
  for (const [position, event] of events.entries()) {
    if (isBranchEvent(event)) return null;
    // A new turn while a run is open: the reader would close that run with a made-up finish.
    if (openRunId !== null && (event.type === 'user-message' || (event.type === 'run-start' && event.runId !== openRunId))) return null;
    if (event.type === 'run-start') openRunId = event.runId;
    if (event.type === 'run-finish' && event.runId === openRunId) openRunId = null;
    if (startsTurn(count, event, afterUserMessage)) turns.push([count, offsets[position] ?? -1]);
    afterUserMessage = event.type === 'user-message';
    count += 1;
  }
  if (turns.some(([, offset]) => offset < 0)) return null;
  return { size: file.size, mtimeMs: file.mtimeMs, events: count, turns: neededTurns(turns, count), openRunId, afterUserMessage };
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

const EVENT_LINE = '{"type":"event"';

/**
 * The facts of a whole timeline text, given the events the tolerant reader found in it (which
 * must have read every line: no notices). Null when the text is not one the tail can serve.
 */
export function factsFromText(text: string, events: readonly TacoEvent[], file: { size: number; mtimeMs: number }): TailFacts | null {
  if (Buffer.byteLength(text) !== file.size) return null;
  const offsets: number[] = [];
  let offset = 0;
  let from = 0;
  while (from < text.length) {
    const end = text.indexOf('\n', from);
    const stop = end === -1 ? text.length : end;
    if (text.startsWith(EVENT_LINE, from)) offsets.push(offset);
    offset += Buffer.byteLength(text.slice(from, stop)) + 1;
    from = stop + 1;
  }
  // Every event line must be one the reader read, in order: otherwise the offsets are not theirs.
  if (offsets.length !== events.length) return null;
  return extendFacts(emptyFacts(file), events, offsets, file);
}
