import { readdir, rm, stat } from 'node:fs/promises';
import { DEFAULTS } from '../../../../shared/constants';
import { basename } from 'node:path';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { moveAside } from '../files/atomic-write';
import { readIndex } from './conversation-index';
import type { StorePreRead } from './store-pre-read';
import { conversationsDir, ensureDir, idFromTimelineName, indexFile, searchIndexFile } from '../files/data-dir';
import { backupBeforeMigration } from '../files/file-backup';
import { markOf } from '../timeline/run-state';
import { buildSearchDoc } from './search/search-docs';
import { messageOf, type StoreState } from './store-state';
import { fileSize, readTimelineText } from '../timeline/timeline-file';
import { parseTimeline, summarizeTimeline, type ParsedTimeline } from '../timeline/timeline-reader';

export const UNREADABLE_TITLE = 'Unreadable conversation';

/**
 * Opens the store: the index (rebuilt from the timelines when it is missing, corrupt or of an
 * older format), reconciled with the folder. The search index is read later, at the first search
 * or change (disk-search-index.ts): a long history costs the start nothing. With `preRead`, the
 * index's bytes and the folder's names read before are used instead of reading them again.
 */
export async function loadStore(state: StoreState, preRead?: StorePreRead): Promise<void> {
  const { dataDir, log } = state;
  const readNames = (await preRead?.names) ?? null;
  // Names read mean the folder is there.
  if (!readNames) await ensureDir(conversationsDir(dataDir));
  const index = await readIndex(indexFile(dataDir), (await preRead?.index) ?? null);
  let changed = false;
  switch (index.type) {
    case 'ok':
      for (const { summary, open, tail } of index.entries) {
        state.summaries.set(summary.conversationId, summary);
        state.opens.set(summary.conversationId, open);
        if (tail) state.tails.set(summary.conversationId, tail);
      }
      break;
    case 'missing':
      changed = true;
      break;
    case 'outdated': {
      const backup = await backupBeforeMigration(indexFile(dataDir), index.version);
      log(
        `The conversation index was in an older format (${index.version}); it was kept as ${basename(backup)} and rebuilt from the timelines.`,
      );
      changed = true;
      break;
    }
    case 'corrupt': {
      const aside = await moveAside(indexFile(dataDir), state.now());
      log(
        `The conversation index could not be read (${index.reason}); it was moved aside to ${basename(aside)} and rebuilt from the timelines.`,
      );
      changed = true;
      break;
    }
    default: {
      const unreachable: never = index;
      return unreachable;
    }
  }
  // The one-file search index of format 2 (every text in one JSON file) is replaced by search/.
  await rm(searchIndexFile(dataDir), { force: true });
  const names = readNames ?? (await readdir(conversationsDir(dataDir)));
  const onDisk = new Set(names.map(idFromTimelineName).filter((id): id is string => id !== null));
  for (const id of [...state.summaries.keys()]) {
    if (!onDisk.has(id)) {
      state.summaries.delete(id);
      state.opens.delete(id);
      state.tails.delete(id);
      changed = true;
    }
  }
  if (names.includes(DEFAULTS.store.indexStaleMarker)) {
    // The last run stopped between an append and the index written after it (index-writer.ts).
    state.index.adoptMarker();
    if (index.type === 'ok') await repairStaleEntries(state, onDisk);
    changed = true;
  }
  for (const id of onDisk) {
    if (state.summaries.has(id)) continue;
    await summarizeFile(state, id);
    changed = true;
  }
  if (changed) await state.saveIndex();
}

/**
 * After a crash that may have left the index behind its timelines: an entry whose tail facts
 * still describe its file (size and modification time, which every append changes) is as the
 * index says; every other one is read again from its timeline.
 */
async function repairStaleEntries(state: StoreState, onDisk: ReadonlySet<string>): Promise<void> {
  let repaired = 0;
  for (const id of [...state.summaries.keys()]) {
    if (!onDisk.has(id)) continue;
    const facts = state.tails.get(id);
    const file = facts ? await stat(state.pathOf(id)).catch(() => null) : null;
    if (facts && file && file.size === facts.size && file.mtimeMs === facts.mtimeMs) continue;
    state.tails.delete(id);
    await summarizeFile(state, id);
    repaired += 1;
  }
  state.log(`TACO closed before the conversation index was written: ${repaired} conversation(s) were read again from their timelines.`);
}

/** A summary (and search text) rebuilt from the timeline; a file that cannot be read is listed and repaired when opened. */
async function summarizeFile(state: StoreState, id: string): Promise<void> {
  const text = (await readTimelineText(state.pathOf(id))) ?? '';
  const parsed = parseTimeline(text);
  if (parsed.unreadable) {
    const modified = (await stat(state.pathOf(id))).mtimeMs;
    state.summaries.set(id, {
      conversationId: id,
      title: UNREADABLE_TITLE,
      model: null,
      createdAt: modified,
      updatedAt: modified,
      pinned: false,
    });
    state.opens.set(id, null);
    return;
  }
  remember(state, id, parsed, Buffer.byteLength(text));
}

/** Takes what a whole timeline says: summary, open run, searchable text. */
export function remember(state: StoreState, id: string, parsed: ParsedTimeline, size: number): ConversationSummary {
  const summary = summarizeTimeline(id, parsed, { now: state.now() });
  state.summaries.set(id, summary);
  state.opens.set(id, markOf(parsed.open));
  // Before the search index is read, a stale entry is found by refreshSearch instead.
  if (state.search.loaded && state.search.size(id) !== size) state.search.put(id, buildSearchDoc(summary.title, parsed.events, size));
  return summary;
}

/**
 * Reads the search index, then re-reads the timelines whose words it lacks or took from another
 * size of the file (changed since, or a change the index did not record before a crash).
 */
export async function refreshSearch(state: StoreState): Promise<void> {
  const { search } = state;
  await search.load();
  for (const id of search.ids()) if (!state.summaries.has(id)) search.remove(id);
  for (const id of [...state.summaries.keys()]) {
    const size = await fileSize(state.pathOf(id)).catch(() => null);
    if (size === null || search.size(id) === size) continue;
    await state.files
      .run(id, async () => {
        const text = await readTimelineText(state.pathOf(id));
        const summary = state.summaries.get(id);
        if (text === null || !summary) return;
        const parsed = parseTimeline(text);
        search.put(id, buildSearchDoc(summary.title, parsed.unreadable ? [] : parsed.events, Buffer.byteLength(text)));
      })
      .catch((error: unknown) => state.log(`Could not index conversation ${id} for search (${messageOf(error)}).`));
  }
  state.searchSaver.touch();
}
