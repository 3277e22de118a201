import { DEFAULTS } from '../../../../shared/constants';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { serializeIndex, sortSummaries, type IndexEntry } from './conversation-index';
import { join } from 'node:path';
import { conversationFile } from '../files/data-dir';
import { createIndexWriter, type IndexWriter } from './index-writer';
import { createDelayedSaver, type DelayedSaver } from '../files/delayed-saver';
import { createKeyedQueue, type KeyedQueue } from '../files/keyed-queue';
import { unfinishedOf, type OpenRunMark } from '../timeline/run-state';
import { createDiskSearchIndex, type SearchIndex } from './search/disk-search-index';
import type { TailFacts } from '../timeline/tail-facts';

/** What the conversation store keeps in memory, shared by its parts. */
export interface StoreState {
  readonly dataDir: string;
  now(): number;
  log(message: string): void;
  /** One queue per timeline file: appends, reads and rewrites of a file never interleave. */
  readonly files: KeyedQueue;
  readonly summaries: Map<string, ConversationSummary>;
  /** The run each conversation has open, as its timeline says. */
  readonly opens: Map<string, OpenRunMark | null>;
  /** Runs whose start this process wrote and whose finish it has not: running, not interrupted. */
  readonly live: Set<string>;
  /** Whether each timeline is known to end with a newline (undefined: not checked yet). */
  readonly endsClean: Map<string, boolean>;
  /** Timelines known to be in the current format. */
  readonly current: Set<string>;
  /** Where each timeline's newest page starts, for the timelines the tail can serve (tail-facts.ts). */
  readonly tails: Map<string, TailFacts>;
  search: SearchIndex;
  readonly searchSaver: DelayedSaver;
  /** Rewrites index.json (atomically; writes coalesce while one is in flight). */
  saveIndex(): Promise<void>;
  /** An append's index update: marked stale before the timeline write, written once per burst after it (index-writer.ts). */
  readonly index: Pick<IndexWriter, 'willChange' | 'changed' | 'soon' | 'adoptMarker'>;
  /** Writes what waits for the delay, and resolves when no index write is in flight. */
  indexIdle(): Promise<void>;
  pathOf(conversationId: string): string;
  isLive(runId: string): boolean;
  /** A copy of the summary as callers see it (with `unfinished` when its last run was cut off). */
  present(summary: ConversationSummary): ConversationSummary;
}

export function createStoreState(options: {
  dataDir: string;
  now: () => number;
  log: (message: string) => void;
  searchSaveDelayMs?: number;
  indexSaveDelayMs?: number;
}): StoreState {
  const { dataDir, log } = options;
  const indexWriter = createIndexWriter({
    dataDir,
    log,
    ...(options.indexSaveDelayMs === undefined ? {} : { delayMs: options.indexSaveDelayMs }),
    serialize: () => {
      const entries: IndexEntry[] = sortSummaries(state.summaries.values()).map((summary) => ({
        summary,
        open: state.opens.get(summary.conversationId) ?? null,
        tail: state.tails.get(summary.conversationId) ?? null,
      }));
      return serializeIndex(entries);
    },
  });

  const state: StoreState = {
    dataDir,
    now: options.now,
    log,
    files: createKeyedQueue(),
    summaries: new Map(),
    opens: new Map(),
    live: new Set(),
    endsClean: new Map(),
    current: new Set(),
    tails: new Map(),
    search: createDiskSearchIndex(join(dataDir, 'search'), log),
    searchSaver: createDelayedSaver({
      delayMs: options.searchSaveDelayMs ?? DEFAULTS.store.searchIndexSaveDelayMs,
      isDirty: () => state.search.loaded,
      save: () => state.search.persist(),
      onError: (error) => log(`Could not write the search index (${messageOf(error)}); it will be rebuilt from the timelines.`),
    }),
    saveIndex: () => indexWriter.save(),
    index: indexWriter,
    indexIdle: () => indexWriter.idle(),
    pathOf: (id) => conversationFile(dataDir, id),
    isLive: (runId) => state.live.has(runId),
    present(summary) {
      const unfinished = unfinishedOf(state.opens.get(summary.conversationId) ?? null, state.isLive);
      return { ...summary, ...(summary.options ? { options: { ...summary.options } } : {}), ...(unfinished ? { unfinished } : {}) };
    },
  };
  return state;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
