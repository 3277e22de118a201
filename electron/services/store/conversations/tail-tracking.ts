import { stat } from 'node:fs/promises';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { BranchSiblings } from '../../../../shared/conversations/branches';
import { isNotFound } from './conversation-index';
import type { StoreState } from './store-state';
import { emptyFacts, extendFacts, type LineSpan } from '../timeline/tail-facts';
import { factsFromText } from '../timeline/facts-from-text';
import { writeLines } from '../timeline/timeline-lines';
import { readTailPage } from '../timeline/tail-reader';

/** The newest page of a conversation read from the end of its timeline. */
export interface NewestPage {
  summary: ConversationSummary;
  events: TacoEvent[];
  /** Index (in the chosen branch's events) of the page's first event. */
  start: number;
  /** The siblings of the chosen branch's messages that have alternatives. */
  branches: BranchSiblings;
}

async function statOf(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const { size, mtimeMs } = await stat(path);
    return { size, mtimeMs };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * writeLines, keeping the timeline's tail facts true: they are extended by what was written when
 * the file was as long as they said and grew by exactly `body`; otherwise dropped (the next whole
 * read makes them again). Checked with the write's own fstat (appendLinesAndStat), not a stat by
 * path before and after: a change by someone else that altered the size is caught here, and one
 * made after this write by the tail reader's size and mtime check. `events` are the events `body`
 * holds, one line each, in order (none for a meta or workflow record). Returns the file's size after.
 */
export async function writeTracked(state: StoreState, id: string, body: string, events: readonly TacoEvent[]): Promise<number | null> {
  const facts = state.tails.get(id);
  state.tails.delete(id);
  const { after, restarted } = await writeLines(state, id, body);
  if (!facts || !after || restarted || after.size - Buffer.byteLength(body) !== facts.size) return after?.size ?? null;
  const lines: LineSpan[] = [];
  let offset = facts.size;
  for (const line of body.split('\n')) {
    if (line === '') continue;
    const end = offset + Buffer.byteLength(line) + 1;
    lines.push([offset, end]);
    offset = end;
  }
  const next =
    events.length === 0 ? { ...facts, ...after } : lines.length === events.length ? extendFacts(facts, events, lines, after) : null;
  if (next) state.tails.set(id, next);
  return after.size;
}

/** Facts for a timeline just created (header and metas, no events), from its size and mtime just after the write (none when unknown). */
export function startFacts(state: StoreState, id: string, file: { size: number; mtimeMs: number } | null): void {
  if (file) state.tails.set(id, emptyFacts(file));
  else state.tails.delete(id);
}

/** After a whole read without notices: the facts of that text (none when the tail cannot serve it). */
export async function factsAfterRead(state: StoreState, id: string, text: string, events: readonly TacoEvent[]): Promise<void> {
  const file = await statOf(state.pathOf(id));
  const facts = file ? factsFromText(text, events, file) : null;
  if (facts) state.tails.set(id, facts);
  else state.tails.delete(id);
}

/**
 * The newest page from the end of the timeline, or null when the whole file must be read: no
 * facts, a run left open that no process runs (the reader closes it), or a file the facts no
 * longer describe. Run inside the file queue.
 */
export async function readNewestPage(state: StoreState, id: string): Promise<NewestPage | null> {
  const facts = state.tails.get(id);
  const summary = state.summaries.get(id);
  if (!facts || !summary) return null;
  const mark = state.opens.get(id) ?? null;
  if ((mark && !state.isLive(mark.runId)) || (facts.openRunId !== null && !state.isLive(facts.openRunId))) return null;
  const page = await readTailPage(state.pathOf(id), facts);
  if (!page) {
    state.tails.delete(id);
    return null;
  }
  return { summary: state.present(summary), events: page.events, start: page.start, branches: page.branches };
}
