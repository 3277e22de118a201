import { DEFAULTS } from '../../../../shared/constants';
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ContractError, describeZodError } from '../../../../shared/contract/contract-error';
import type {
  ConversationOptions,
  ConversationSearchHit,
  ConversationSnapshot,
  ConversationSummary,
} from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { writeFileAtomic } from '../files/atomic-write';
import { assertSafeId, conversationsDir } from '../files/data-dir';
import { sortSummaries } from './conversation-index';
import { closeImportedRuns, flagImportedOptions } from './import-safety';
import { finishInterruptedRuns, trackMark, type OpenRunMark } from '../timeline/run-state';
import { buildSearchDoc } from './search/search-docs';
import { loadStore, refreshSearch, remember, UNREADABLE_TITLE } from './store-load';
import { inIndexBurst } from './index-writer';
import { createStoreState } from './store-state';
import { factsAfterRead, readNewestPage, startFacts, writeTracked, type NewestPage } from './tail-tracking';
import { createTimelineFile, endsWithNewline, headerLines, readTimelineText } from '../timeline/timeline-file';
import { notFound, recoverUnreadable, syncSearchSize } from '../timeline/timeline-lines';
import { applyPatch, parseTimeline } from '../timeline/timeline-reader';
import { DEFAULT_CONVERSATION_TITLE, coalesceDeltas, conversationPatchSchema, serializeRecord } from '../timeline/timeline-records';
import { upgradeTimeline } from '../timeline/timeline-upgrade';
import type { StorePreRead } from './store-pre-read';

export type { ConversationPatch } from '../timeline/timeline-records';

export interface ConversationStoreOptions {
  dataDir: string;
  now?: () => number;
  newId?: () => string;
  /** Where repairs are reported (torn lines, a rebuilt index). Default: console.warn. */
  log?: (message: string) => void;
  /** How long after a change the search index is written (it is also written on close). */
  searchSaveDelayMs?: number;
  /** How long after an append index.json is written (it is also written on close; index-writer.ts). */
  indexSaveDelayMs?: number;
  /** The index's bytes and the folder's names, read before the store was made (store-pre-read.ts). */
  preRead?: StorePreRead;
}

/** A conversation to create whole, from an import. */
export interface TimelineImport {
  title: string;
  model: string | null;
  createdAt: number;
  pinned: boolean;
  options?: ConversationOptions;
  /** Written as given, one line each, with the new conversation's id. */
  events: readonly TacoEvent[];
}

export interface ConversationStore {
  readonly dataDir: string;
  create(input: { title?: string | null; model: string | null }): Promise<ConversationSummary>;
  /**
   * Appends events to the timeline (one line each; adjacent deltas of a run merged).
   * `conversation-updated` events are not written: the meta record is their durable form.
   */
  append(conversationId: string, events: readonly TacoEvent[]): Promise<void>;
  /**
   * The conversation as stored. A run that never finished and that no run of this process is
   * running gets a synthesised `run-finish` (reason `interrupted`); `pending` says when it was
   * waiting for the user.
   */
  read(conversationId: string): Promise<ConversationSnapshot>;
  /**
   * The newest page of the conversation read from the end of its timeline (tail-facts.ts), or
   * null when only reading the whole timeline can say it (then `read` does).
   */
  readNewestPage(conversationId: string): Promise<NewestPage | null>;
  /**
   * Reads the index now (rebuilt or repaired as every first call would, store-load.ts) instead of
   * at the first call; every call waits for this same read, and a failed one rejects them as before.
   */
  open(): Promise<void>;
  /** Pinned first, then most recently updated. */
  list(): Promise<ConversationSummary[]>;
  /** The summary, or null when there is no such conversation. */
  summary(conversationId: string): Promise<ConversationSummary | null>;
  update(conversationId: string, patch: unknown): Promise<ConversationSummary>;
  /** Removes the timeline, its moved-aside copies and backups, its index entry and its words in the search index. */
  delete(conversationId: string): Promise<void>;
  /** Every conversation whose title or text has all the words of the query; never reads a timeline. */
  search(query: string): Promise<ConversationSearchHit[]>;
  /** A new conversation (new id) holding the imported events, written whole or not at all. */
  importTimeline(input: TimelineImport): Promise<ConversationSummary>;
  /**
   * Records that the user dropped the run that was cut off (a `workflow` record); it no longer
   * shows as unfinished. Returns the new summary, or null when no run is left unfinished.
   */
  abandon(conversationId: string): Promise<ConversationSummary | null>;
  /** Waits for a read of the index in flight and every queued write, the index and the search index included. */
  close(): Promise<void>;
}

const TITLE_MAX_CHARS = DEFAULTS.storedTitleMaxChars;

/**
 * Conversations on disk: one append-only JSON-lines timeline per conversation, an index
 * replaced atomically and rebuilt from the timelines when it is missing, corrupt, old or out of
 * date, and a search index kept up to date as events are appended.
 */
export function createConversationStore(options: ConversationStoreOptions): ConversationStore {
  const state = createStoreState({
    dataDir: options.dataDir,
    now: options.now ?? (() => Date.now()),
    log: options.log ?? ((message: string) => console.warn(`[store] ${message}`)),
    searchSaveDelayMs: options.searchSaveDelayMs,
    indexSaveDelayMs: options.indexSaveDelayMs,
  });
  const { files, summaries, opens } = state;
  const newId = options.newId ?? randomUUID;
  const now = state.now;
  let loading: Promise<void> | null = null;
  const ready = (): Promise<void> => (loading ??= loadStore(state, options.preRead));
  /** The search index, read and brought up to date with the timelines at the first search. */
  let searchReady: Promise<void> | null = null;
  const ensureKnown = (id: string): void => {
    if (!summaries.has(id)) throw notFound(id);
  };
  /** The events' lines appended, and what they change in memory (summary, open run, search). Run inside the file queue. */
  const appendEvents = async (id: string, stored: readonly TacoEvent[]): Promise<void> => {
    const at = now();
    const merged = coalesceDeltas(stored);
    const size = await writeTracked(
      state,
      id,
      merged.map((event) => `${serializeRecord({ type: 'event', at, event })}\n`).join(''),
      merged,
    );
    const summary = summaries.get(id);
    if (summary) summary.updatedAt = Math.max(summary.updatedAt, at);
    let mark = opens.get(id) ?? null;
    for (const event of merged) {
      if (event.type === 'run-start') state.live.add(event.runId);
      if (event.type === 'run-finish') state.live.delete(event.runId);
      mark = trackMark(mark, event);
    }
    opens.set(id, mark);
    state.search.append(id, merged, size ?? 0);
    state.searchSaver.touch();
  };

  return {
    dataDir: state.dataDir,

    async create(input) {
      await ready();
      const id = assertSafeId(newId());
      const at = now();
      const title = (input.title ?? '').replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX_CHARS) || DEFAULT_CONVERSATION_TITLE;
      const model = input.model?.trim() || null;
      const summary: ConversationSummary = { conversationId: id, title, model, createdAt: at, updatedAt: at, pinned: false };
      await files.run(id, async () => {
        const file = await createTimelineFile(state.pathOf(id), summary, at);
        state.endsClean.set(id, true);
        state.current.add(id);
        startFacts(state, id, file);
        state.search.put(id, buildSearchDoc(title, [], file?.size ?? 0));
      });
      summaries.set(id, summary);
      opens.set(id, null);
      state.searchSaver.touch();
      // A start lists a timeline the index lacks (store-load.ts): the index follows with the burst.
      state.index.soon();
      return state.present(summary);
    },

    async append(conversationId, events) {
      const id = assertSafeId(conversationId);
      await ready();
      ensureKnown(id);
      const own = events.filter((event) => event.conversationId === id);
      if (own.length < events.length)
        state.log(`${events.length - own.length} event(s) for another conversation were not written to ${id}.`);
      const stored = own.filter((event) => event.type !== 'conversation-updated');
      if (stored.length === 0) return;
      await files.run(id, async () => {
        ensureKnown(id);
        await inIndexBurst(state.index, () => appendEvents(id, stored));
      });
    },

    async read(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      return files.run(id, async () => {
        const path = state.pathOf(id);
        let text = await readTimelineText(path);
        if (text === null) {
          if (summaries.delete(id)) void state.saveIndex();
          state.tails.delete(id);
          state.search.remove(id);
          throw notFound(id);
        }
        if (!state.current.has(id)) {
          text = await upgradeTimeline(path, text, state.log);
          state.current.add(id);
        }
        const parsed = parseTimeline(text);
        if (parsed.unreadable) return recoverUnreadable(state, id, UNREADABLE_TITLE);
        for (const notice of parsed.notices) state.log(`${id}: ${notice}`);
        state.endsClean.set(id, text.length === 0 || text.endsWith('\n'));
        const before = JSON.stringify([summaries.get(id) ?? null, opens.get(id) ?? null, state.tails.get(id) ?? null]);
        const summary = remember(state, id, parsed, Buffer.byteLength(text));
        if (parsed.notices.length === 0) await factsAfterRead(state, id, text, parsed.events);
        else state.tails.delete(id);
        if (JSON.stringify([summary, opens.get(id) ?? null, state.tails.get(id) ?? null]) !== before) void state.saveIndex();
        state.searchSaver.touch();
        const finished = finishInterruptedRuns(parsed.events, parsed.eventAts, { isLive: state.isLive, abandoned: parsed.abandoned });
        return { summary: state.present(summary), events: finished.events, notices: parsed.notices, pending: finished.pending };
      });
    },

    async readNewestPage(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      ensureKnown(id);
      return files.run(id, () => readNewestPage(state, id));
    },

    async list() {
      await ready();
      return sortSummaries([...summaries.values()]).map(state.present);
    },

    async summary(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      const summary = summaries.get(id);
      return summary ? state.present(summary) : null;
    },

    async update(conversationId, patch) {
      const id = assertSafeId(conversationId);
      const parsed = conversationPatchSchema.safeParse(patch);
      if (!parsed.success) throw new ContractError('invalid-payload', describeZodError('conversation update', parsed.error));
      await ready();
      ensureKnown(id);
      return files.run(id, async () => {
        const summary = summaries.get(id);
        if (!summary) throw notFound(id);
        return inIndexBurst(state.index, async () => {
          const size = await writeTracked(state, id, `${serializeRecord({ type: 'meta', at: now(), patch: parsed.data })}\n`, []);
          applyPatch(summary, parsed.data);
          state.search.setTitle(id, summary.title);
          await syncSearchSize(state, id, size);
          return state.present(summary);
        });
      });
    },

    async delete(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      await files.run(id, async () => {
        const existed = summaries.delete(id);
        opens.delete(id);
        state.endsClean.delete(id);
        state.current.delete(id);
        state.tails.delete(id);
        state.search.remove(id);
        const dir = conversationsDir(state.dataDir);
        const leftovers = (await readdir(dir)).filter((name) => name.startsWith(`${id}.corrupt-`) || name.startsWith(`${id}.jsonl.`));
        const hadFile = (await endsWithNewline(state.pathOf(id))) !== 'missing';
        if (!existed && !hadFile && leftovers.length === 0) throw notFound(id);
        await rm(state.pathOf(id), { force: true });
        for (const name of leftovers) await rm(join(dir, name), { force: true });
      });
      state.searchSaver.touch();
      await state.saveIndex();
    },

    async search(query) {
      await ready();
      await (searchReady ??= refreshSearch(state));
      return state.search.search(query, (id) => {
        const summary = summaries.get(id);
        return summary ? state.present(summary) : undefined;
      });
    },

    async importTimeline(input) {
      await ready();
      const id = assertSafeId(newId());
      const at = now();
      const title = input.title.replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX_CHARS) || DEFAULT_CONVERSATION_TITLE;
      const options = flagImportedOptions(input.options);
      const summary: ConversationSummary = {
        conversationId: id,
        title,
        model: input.model?.trim() || null,
        createdAt: input.createdAt,
        updatedAt: Math.max(input.createdAt, at),
        pinned: input.pinned,
        ...(options && Object.keys(options).length > 0 ? { options: { ...options } } : {}),
      };
      // Imported runs never resume, and an imported system prompt waits for the user (import-safety.ts).
      const events = closeImportedRuns(
        input.events.filter((event) => event.type !== 'conversation-updated').map((event) => ({ ...event, conversationId: id })),
      );
      const text = headerLines(summary, at) + events.map((event) => `${serializeRecord({ type: 'event', at, event })}\n`).join('');
      await files.run(id, async () => {
        // Written whole (temp file, then rename): a crash leaves no half-imported conversation.
        await writeFileAtomic(state.pathOf(id), text);
        state.endsClean.set(id, true);
        state.current.add(id);
        state.search.put(id, buildSearchDoc(title, events, Buffer.byteLength(text)));
      });
      summaries.set(id, summary);
      opens.set(id, events.reduce<OpenRunMark | null>(trackMark, null));
      state.searchSaver.touch();
      await state.saveIndex();
      return state.present(summary);
    },

    async abandon(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      ensureKnown(id);
      const result = await files.run(id, async () => {
        const mark = opens.get(id) ?? null;
        const summary = summaries.get(id);
        if (!summary || !mark || state.isLive(mark.runId)) return null;
        await writeTracked(state, id, `${serializeRecord({ type: 'workflow', at: now(), runId: mark.runId, state: 'abandoned' })}\n`, []);
        // The reader closes the abandoned run where the next turn begins: only a whole read says where.
        state.tails.delete(id);
        opens.set(id, null);
        await syncSearchSize(state, id);
        return state.present(summary);
      });
      if (result) await state.saveIndex();
      return result;
    },

    open: () => ready(),
    async close() {
      // A read begun by open() may still write the rebuilt index: it ends before the store is closed.
      await loading?.catch(() => undefined);
      await files.idle();
      await searchReady;
      await files.idle();
      await state.indexIdle();
      await state.searchSaver.flush();
    },
  };
}
