import { open, stat } from 'node:fs/promises';
import { DEFAULTS } from '../../../../shared/constants';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { BranchSiblings } from '../../../../shared/conversations/branches';
import { isNotFound } from '../conversations/conversation-index';
import type { TailFacts } from './tail-facts';
import { parseRecord } from './timeline-records';

/** The newest page of a timeline read from its end: the events from `start` (an event index) to the last. */
export interface TailPage {
  events: TacoEvent[];
  start: number;
  /** The chosen branch's siblings (none for a timeline without branches). */
  branches: BranchSiblings;
}

/**
 * Reads only the end of a timeline: from the turn start the page begins at to the end of the
 * file, or for a timeline with branches, to the end of the chosen branch's byte ranges (the lines
 * of other branches between them are not read). Null whenever the facts cannot vouch for the file
 * (its size or mtime changed, no turn starts within the page's reach (DEFAULTS.conversationPageEvents,
 * conversationPageReach), a line that does not read, a count that does not add up): the caller then
 * reads the whole file, which is always right.
 */
export async function readTailPage(path: string, facts: TailFacts): Promise<TailPage | null> {
  let file;
  try {
    file = await stat(path);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  if (file.size !== facts.size || file.mtimeMs !== facts.mtimeMs) return null;
  const end = facts.events;
  const pageSize = DEFAULTS.conversationPageEvents;
  const from = Math.max(0, end - pageSize);
  const floor = Math.max(0, end - pageSize * DEFAULTS.conversationPageReach);
  let turn: [number, number] | undefined;
  for (const candidate of facts.turns) if (candidate[0] >= floor && candidate[0] <= from) turn = candidate;
  if (end === 0) return { events: [], start: 0, branches: facts.branch?.siblings ?? {} };
  if (!turn) return null;
  const [start, offset] = turn;
  const spans = facts.branch ? spansFrom(facts.branch.ranges, offset) : [[offset, facts.size] as const];
  if (!spans) return null;
  const handle = await open(path, 'r');
  const chunks: Buffer[] = [];
  try {
    for (const [from, to] of spans) {
      const buffer = Buffer.alloc(to - from);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
      if (bytesRead !== buffer.length) return null;
      chunks.push(buffer);
    }
  } finally {
    await handle.close();
  }
  const events: TacoEvent[] = [];
  for (const chunk of chunks) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      const record = parseRecord(line);
      if (!record) return null;
      if (record.type === 'event') events.push(record.event);
    }
  }
  return events.length === end - start ? { events, start, branches: facts.branch?.siblings ?? {} } : null;
}

/** The parts of `ranges` from `offset` on (which must fall in one of them); null when it does not. */
function spansFrom(ranges: ReadonlyArray<[number, number]>, offset: number): Array<readonly [number, number]> | null {
  const at = ranges.findIndex(([, end]) => end > offset);
  const first = ranges[at];
  if (!first || first[0] > offset) return null;
  return [[offset, first[1]], ...ranges.slice(at + 1)];
}
