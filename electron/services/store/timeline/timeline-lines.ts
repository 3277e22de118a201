import { basename } from 'node:path';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { ConversationSnapshot, ConversationSummary } from '../../../../shared/conversations/conversation';
import { moveAside } from '../files/atomic-write';
import { buildSearchDoc } from '../conversations/search/search-docs';
import type { StoreState } from '../conversations/store-state';
import { appendLinesAndStat, createTimelineFile, endsWithNewline, fileSize, readFirstLine, readTimelineText } from './timeline-file';
import { headerNeedsMigration, upgradeTimeline } from './timeline-upgrade';

const RECOVERED_TITLE = 'Recovered conversation';

export function notFound(id: string): ContractError {
  return new ContractError('not-found', `No conversation with id “${id}”. It may have been deleted; pick another from the list.`);
}

/** Migrates a timeline written by an older TACO before this process first writes to it. Run inside the file queue. */
async function ensureCurrent(state: StoreState, id: string): Promise<void> {
  if (state.current.has(id)) return;
  const path = state.pathOf(id);
  if (headerNeedsMigration(await readFirstLine(path))) {
    const text = await readTimelineText(path);
    if (text !== null) await upgradeTimeline(path, text, state.log);
    state.endsClean.delete(id);
  }
  state.current.add(id);
}

/**
 * Appends whole lines to a timeline, recreating its header if the file vanished. Run inside the
 * file queue. Returns the file's size and mtime right after the write (null when unknown) and
 * whether the timeline was just started again.
 */
export async function writeLines(
  state: StoreState,
  id: string,
  body: string,
): Promise<{ after: { size: number; mtimeMs: number } | null; restarted: boolean }> {
  const path = state.pathOf(id);
  await ensureCurrent(state, id);
  let clean: boolean | 'missing' | undefined = state.endsClean.get(id);
  if (clean === undefined) clean = await endsWithNewline(path);
  const restarted = clean === 'missing';
  if (clean === 'missing') {
    const summary = state.summaries.get(id);
    if (!summary) throw notFound(id);
    state.log(`The timeline of conversation ${id} was missing; it was started again from its index entry.`);
    await createTimelineFile(path, summary, state.now());
    clean = true;
  }
  state.endsClean.delete(id);
  const after = await appendLinesAndStat(path, body, clean);
  state.endsClean.set(id, true);
  return { after, restarted };
}

/**
 * The search index remembers the file's size, to tell at the next start whether it is stale.
 * `known` is the size a write just returned (the file is not stat'ed again); null or absent: it is.
 */
export async function syncSearchSize(state: StoreState, id: string, known?: number | null): Promise<void> {
  const size = known ?? (await fileSize(state.pathOf(id)));
  if (size !== null) state.search.setSize(id, size);
  state.searchSaver.touch();
}

/** The file cannot be parsed at all: moved aside (never deleted), the conversation starts again empty. */
export async function recoverUnreadable(state: StoreState, id: string, unreadableTitle: string): Promise<ConversationSnapshot> {
  const path = state.pathOf(id);
  const aside = await moveAside(path, state.now());
  const known = state.summaries.get(id);
  const summary: ConversationSummary =
    known && known.title !== unreadableTitle
      ? { ...known }
      : {
          conversationId: id,
          title: RECOVERED_TITLE,
          model: null,
          createdAt: state.now(),
          updatedAt: state.now(),
          pinned: known?.pinned ?? false,
        };
  await createTimelineFile(path, summary, state.now());
  state.endsClean.set(id, true);
  state.current.add(id);
  state.tails.delete(id);
  state.summaries.set(id, summary);
  state.opens.set(id, null);
  state.search.put(id, buildSearchDoc(summary.title, [], (await fileSize(path)) ?? 0));
  void state.saveIndex();
  const notice = `This conversation's file could not be read at all. It was moved aside to “${basename(aside)}” in the data folder (nothing was deleted), and the conversation starts again empty.`;
  state.log(`${id}: ${notice}`);
  return { summary: state.present(summary), events: [], notices: [notice], pending: null };
}
