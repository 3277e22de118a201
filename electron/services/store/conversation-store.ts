import { DEFAULTS } from '../../../shared/constants';
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ContractError, describeZodError } from '../../../shared/contract-error';
import type { ConversationSnapshot, ConversationSummary } from '../../../shared/conversation';
import type { TacoEvent } from '../../../shared/events';
import { moveAside, writeFileAtomic } from './atomic-write';
import { readIndex, serializeIndex, sortSummaries } from './conversation-index';
import { assertSafeId, conversationFile, conversationsDir, ensureDir, idFromTimelineName, indexFile } from './data-dir';
import { createKeyedQueue } from './keyed-queue';
import { appendLines, createTimelineFile, endsWithNewline, readTimelineText } from './timeline-file';
import { applyPatch, parseTimeline, summarizeTimeline } from './timeline-reader';
import { DEFAULT_CONVERSATION_TITLE, coalesceDeltas, conversationPatchSchema, serializeRecord } from './timeline-records';

export { createTimelineWriter } from './timeline-writer';
export type { ConversationPatch } from './timeline-records';

export interface ConversationStoreOptions {
  dataDir: string;
  now?: () => number;
  newId?: () => string;
  /** Where repairs are reported (torn lines, a rebuilt index). Default: console.warn. */
  log?: (message: string) => void;
}

export interface ConversationStore {
  readonly dataDir: string;
  create(input: { title?: string | null; model: string | null }): Promise<ConversationSummary>;
  /** Appends events to the timeline (one line each; adjacent deltas of a run merged). */
  append(conversationId: string, events: readonly TacoEvent[]): Promise<void>;
  read(conversationId: string): Promise<ConversationSnapshot>;
  /** Pinned first, then most recently updated. */
  list(): Promise<ConversationSummary[]>;
  /** The summary, or null when there is no such conversation. */
  summary(conversationId: string): Promise<ConversationSummary | null>;
  update(conversationId: string, patch: unknown): Promise<ConversationSummary>;
  /** Removes the timeline (and any moved-aside copies of it) and its index entry. */
  delete(conversationId: string): Promise<void>;
  /** Waits for every queued write, the index included. */
  close(): Promise<void>;
}

const TITLE_MAX_CHARS = DEFAULTS.storedTitleMaxChars;
const UNREADABLE_TITLE = 'Unreadable conversation';
const RECOVERED_TITLE = 'Recovered conversation';

/**
 * Conversations on disk (issue 6): one append-only JSON-lines timeline per conversation, an index
 * replaced atomically and rebuilt from the timelines when it is missing, corrupt or out of date.
 */
export function createConversationStore(options: ConversationStoreOptions): ConversationStore {
  const { dataDir } = options;
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? randomUUID;
  const log = options.log ?? ((message: string) => console.warn(`[store] ${message}`));
  const files = createKeyedQueue();
  const summaries = new Map<string, ConversationSummary>();
  /** Whether each timeline is known to end with a newline (undefined: not checked yet). */
  const endsClean = new Map<string, boolean>();
  const pathOf = (id: string): string => conversationFile(dataDir, id);

  // The index: rewritten whole, atomically; writes coalesce while one is in flight.
  let indexDirty = false;
  let indexSaving: Promise<void> | null = null;
  const saveIndex = (): Promise<void> => {
    indexDirty = true;
    indexSaving ??= (async () => {
      try {
        while (indexDirty) {
          indexDirty = false;
          await writeFileAtomic(indexFile(dataDir), serializeIndex(sortSummaries(summaries.values())));
        }
      } catch (error) {
        indexDirty = true;
        log(`Could not write the conversation index (${messageOf(error)}); it will be rebuilt from the timelines if needed.`);
      } finally {
        indexSaving = null;
      }
    })();
    return indexSaving;
  };

  let loading: Promise<void> | null = null;
  const ready = (): Promise<void> => (loading ??= load());

  async function load(): Promise<void> {
    await ensureDir(conversationsDir(dataDir));
    const index = await readIndex(indexFile(dataDir));
    let changed = false;
    switch (index.type) {
      case 'ok':
        for (const summary of index.summaries) summaries.set(summary.conversationId, summary);
        break;
      case 'missing':
        changed = true;
        break;
      case 'corrupt': {
        const aside = await moveAside(indexFile(dataDir), now());
        log(`The conversation index could not be read (${index.reason}); it was moved aside to ${basename(aside)} and rebuilt from the timelines.`);
        changed = true;
        break;
      }
      default: {
        const unreachable: never = index;
        return unreachable;
      }
    }
    const onDisk = new Set((await readdir(conversationsDir(dataDir))).map(idFromTimelineName).filter((id): id is string => id !== null));
    for (const id of [...summaries.keys()]) {
      if (!onDisk.has(id)) {
        summaries.delete(id);
        changed = true;
      }
    }
    for (const id of onDisk) {
      if (summaries.has(id)) continue;
      summaries.set(id, await summarizeFile(id));
      changed = true;
    }
    if (changed) await saveIndex();
  }

  /** A summary rebuilt from the timeline; a file that cannot be read is listed and repaired when opened. */
  async function summarizeFile(id: string): Promise<ConversationSummary> {
    const text = (await readTimelineText(pathOf(id))) ?? '';
    const parsed = parseTimeline(text);
    if (!parsed.unreadable) return summarizeTimeline(id, parsed, { now: now() });
    const modified = (await stat(pathOf(id))).mtimeMs;
    return { conversationId: id, title: UNREADABLE_TITLE, model: null, createdAt: modified, updatedAt: modified, pinned: false };
  }

  const notFound = (id: string): ContractError =>
    new ContractError('not-found', `No conversation with id “${id}”. It may have been deleted; pick another from the list.`);

  /** Appends whole lines to a timeline, recreating its header if the file vanished. Run inside the file queue. */
  async function writeLines(id: string, body: string): Promise<void> {
    const path = pathOf(id);
    let clean: boolean | 'missing' | undefined = endsClean.get(id);
    if (clean === undefined) clean = await endsWithNewline(path);
    if (clean === 'missing') {
      const summary = summaries.get(id);
      if (!summary) throw notFound(id);
      log(`The timeline of conversation ${id} was missing; it was started again from its index entry.`);
      await createTimelineFile(path, summary, now());
      clean = true;
    }
    endsClean.delete(id);
    await appendLines(path, body, clean);
    endsClean.set(id, true);
  }

  return {
    dataDir,

    async create(input) {
      await ready();
      const id = assertSafeId(newId());
      const at = now();
      const title = (input.title ?? '').replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX_CHARS) || DEFAULT_CONVERSATION_TITLE;
      const model = input.model?.trim() || null;
      const summary: ConversationSummary = { conversationId: id, title, model, createdAt: at, updatedAt: at, pinned: false };
      await files.run(id, async () => {
        await createTimelineFile(pathOf(id), summary, at);
        endsClean.set(id, true);
      });
      summaries.set(id, summary);
      await saveIndex();
      return { ...summary };
    },

    async append(conversationId, events) {
      const id = assertSafeId(conversationId);
      await ready();
      if (!summaries.has(id)) throw notFound(id);
      const own = events.filter((event) => event.conversationId === id);
      if (own.length < events.length) log(`${events.length - own.length} event(s) for another conversation were not written to ${id}.`);
      if (own.length === 0) return;
      await files.run(id, async () => {
        if (!summaries.has(id)) throw notFound(id);
        const at = now();
        const body = coalesceDeltas(own)
          .map((event) => `${serializeRecord({ type: 'event', at, event })}\n`)
          .join('');
        await writeLines(id, body);
        const summary = summaries.get(id);
        if (summary) summary.updatedAt = Math.max(summary.updatedAt, at);
      });
      void saveIndex();
    },

    async read(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      return files.run(id, async () => {
        const path = pathOf(id);
        const text = await readTimelineText(path);
        if (text === null) {
          if (summaries.delete(id)) void saveIndex();
          throw notFound(id);
        }
        const parsed = parseTimeline(text);
        if (parsed.unreadable) {
          const aside = await moveAside(path, now());
          const known = summaries.get(id);
          const summary: ConversationSummary = known && known.title !== UNREADABLE_TITLE ? { ...known } : { conversationId: id, title: RECOVERED_TITLE, model: null, createdAt: now(), updatedAt: now(), pinned: known?.pinned ?? false };
          await createTimelineFile(path, summary, now());
          endsClean.set(id, true);
          summaries.set(id, summary);
          void saveIndex();
          const notice = `This conversation's file could not be read at all. It was moved aside to “${basename(aside)}” in the data folder (nothing was deleted), and the conversation starts again empty.`;
          log(`${id}: ${notice}`);
          return { summary: { ...summary }, events: [], notices: [notice] };
        }
        for (const notice of parsed.notices) log(`${id}: ${notice}`);
        endsClean.set(id, text.length === 0 || text.endsWith('\n'));
        const summary = summarizeTimeline(id, parsed, { now: now() });
        if (!sameSummary(summaries.get(id), summary)) {
          summaries.set(id, summary);
          void saveIndex();
        }
        return { summary: { ...summary }, events: parsed.events, notices: parsed.notices };
      });
    },

    async list() {
      await ready();
      return sortSummaries(summaries.values()).map((summary) => ({ ...summary }));
    },

    async summary(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      const summary = summaries.get(id);
      return summary ? { ...summary } : null;
    },

    async update(conversationId, patch) {
      const id = assertSafeId(conversationId);
      const parsed = conversationPatchSchema.safeParse(patch);
      if (!parsed.success) throw new ContractError('invalid-payload', describeZodError('conversation update', parsed.error));
      await ready();
      if (!summaries.has(id)) throw notFound(id);
      const result = await files.run(id, async () => {
        const summary = summaries.get(id);
        if (!summary) throw notFound(id);
        await writeLines(id, `${serializeRecord({ type: 'meta', at: now(), patch: parsed.data })}\n`);
        applyPatch(summary, parsed.data);
        return { ...summary };
      });
      await saveIndex();
      return result;
    },

    async delete(conversationId) {
      const id = assertSafeId(conversationId);
      await ready();
      await files.run(id, async () => {
        const existed = summaries.delete(id);
        endsClean.delete(id);
        const dir = conversationsDir(dataDir);
        const asides = (await readdir(dir)).filter((name) => name.startsWith(`${id}.corrupt-`));
        const hadFile = (await endsWithNewline(pathOf(id))) !== 'missing';
        if (!existed && !hadFile && asides.length === 0) throw notFound(id);
        await rm(pathOf(id), { force: true });
        for (const name of asides) await rm(join(dir, name), { force: true });
      });
      await saveIndex();
    },

    async close() {
      await files.idle();
      while (indexSaving) await indexSaving;
    },
  };
}

function sameSummary(a: ConversationSummary | undefined, b: ConversationSummary): boolean {
  return !!a && a.title === b.title && a.model === b.model && a.createdAt === b.createdAt && a.updatedAt === b.updatedAt && a.pinned === b.pinned;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
