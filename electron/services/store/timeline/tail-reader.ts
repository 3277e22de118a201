import { open, stat } from 'node:fs/promises';
import { DEFAULTS } from '../../../../shared/constants';
import type { TacoEvent } from '../../../../shared/contract/events';
import { isNotFound } from '../conversations/conversation-index';
import type { TailFacts } from './tail-facts';
import { parseRecord } from './timeline-records';

/** The newest page of a timeline read from its end: the events from `start` (an event index) to the last. */
export interface TailPage {
  events: TacoEvent[];
  start: number;
}

/**
 * Reads only the end of a timeline: from the turn start the page begins at to the end of the
 * file. Null whenever the facts cannot vouch for the file (its size or mtime changed, no turn
 * starts within the page's reach (DEFAULTS.conversationPageEvents, conversationPageReach), a line that does not read, a count that does not add up): the
 * caller then reads the whole file, which is always right.
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
  if (end === 0) turn = [0, facts.size];
  if (!turn) return null;
  const [start, offset] = turn;
  const length = facts.size - offset;
  const buffer = Buffer.alloc(length);
  const handle = await open(path, 'r');
  try {
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    if (bytesRead !== length) return null;
  } finally {
    await handle.close();
  }
  const events: TacoEvent[] = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = parseRecord(line);
    if (!record) return null;
    if (record.type === 'event') events.push(record.event);
  }
  return events.length === end - start ? { events, start } : null;
}
