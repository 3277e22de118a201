import { z } from 'zod';
import { conversationOptionsSchema, type ConversationSummary } from '../../../../shared/conversations/conversation';
import { branchTailFactsSchema, tailFactsSchema } from '../timeline/tail-facts';
import { parseJsonText, readJsonFile } from '../files/read-json-file';
import type { IndexEntry } from './index-entry';
import { quickIndexEntry } from './index-entry-quick';

/**
 * Format of `index.json`. The index is derived data: it can always be rebuilt from the timelines.
 * 1: summaries. 2: + options, + the open run of each conversation (to tell an interrupted one).
 * An older index is copied to `index.json.v<N>.bak` and rebuilt from the timelines.
 */
export const INDEX_FORMAT = 'taco-index';
export const INDEX_FORMAT_VERSION = 2;

export type { IndexEntry } from './index-entry';

export const entrySchema = z.object({
  conversationId: z.string().min(1),
  title: z.string(),
  model: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  pinned: z.boolean(),
  projectId: z.string().min(1).optional(),
  options: conversationOptionsSchema.optional(),
  open: z
    .object({ runId: z.string().min(1), waiting: z.enum(['approval', 'question']).nullable() })
    .nullable()
    .optional(),
  // Optional: an index written before tails (or a timeline they cannot serve) reads the whole file.
  tail: tailFactsSchema.optional(),
  // A timeline with branches: a TACO that predates these drops the key, and reads the whole file.
  branchTail: branchTailFactsSchema.optional(),
});

/** The index around its entries, which are checked one by one (quickIndexEntry, else entrySchema). */
const indexSchema = z.object({
  format: z.literal(INDEX_FORMAT),
  version: z.literal(INDEX_FORMAT_VERSION),
  conversations: z.custom<unknown[]>(Array.isArray, 'conversations must be a list'),
});

export type IndexRead =
  | { type: 'ok'; entries: IndexEntry[] }
  | { type: 'missing' }
  /** A TACO index of an older format: rebuilt (after a backup). */
  | { type: 'outdated'; version: number }
  | { type: 'corrupt'; reason: string };

/** Reads and checks the index at `path`, or the bytes of it read before (store-pre-read.ts) when given. */
export async function readIndex(path: string, bytes: Buffer | null = null): Promise<IndexRead> {
  const read = bytes ? parseJsonText(bytes.toString('utf8')) : await readJsonFile(path);
  if (read.type === 'missing') return { type: 'missing' };
  if (read.type === 'unparsable') return { type: 'corrupt', reason: 'it is not valid JSON' };
  const value = read.value;
  const version = olderVersion(value);
  if (version !== null) return { type: 'outdated', version };
  const parsed = indexSchema.safeParse(value);
  const corrupt = { type: 'corrupt', reason: 'its contents are not a TACO index of this version' } as const;
  if (!parsed.success) return corrupt;
  const entries: IndexEntry[] = [];
  for (const raw of parsed.data.conversations) {
    const entry = quickIndexEntry(raw) ?? checkedEntry(raw);
    if (entry === null) return corrupt;
    entries.push(entry);
  }
  return { type: 'ok', entries };
}

/** An entry of any shape the index may hold, by its schema; null when it is not one. */
export function checkedEntry(raw: unknown): IndexEntry | null {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return null;
  const { open, options, projectId, tail, branchTail, ...rest } = parsed.data;
  return {
    summary: { ...rest, ...(projectId ? { projectId } : {}), ...(options ? { options } : {}) },
    open: open ?? null,
    tail: branchTail ?? tail ?? null,
  };
}

function olderVersion(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== INDEX_FORMAT || typeof version !== 'number' || !Number.isInteger(version)) return null;
  return version >= 1 && version < INDEX_FORMAT_VERSION ? version : null;
}

/**
 * One conversation a line, without indentation: over a long history the indented form was more
 * than twice the bytes (2.7 MB against 1.2 MB for 2,000 conversations), and every start parses it
 * and every burst of appends writes it again. A line per conversation still reads and diffs well.
 */
export function serializeIndex(entries: Iterable<IndexEntry>): string {
  const lines = [...entries].map(({ summary, open, tail }) =>
    JSON.stringify({
      ...withoutUnfinished(summary),
      ...(open ? { open } : {}),
      ...(tail ? (tail.branch ? { branchTail: tail } : { tail }) : {}),
    }),
  );
  const head = JSON.stringify({ format: INDEX_FORMAT, version: INDEX_FORMAT_VERSION }).slice(0, -1);
  return lines.length === 0 ? `${head},"conversations":[]}\n` : `${head},"conversations":[\n${lines.join(',\n')}\n]}\n`;
}

function withoutUnfinished(summary: ConversationSummary): ConversationSummary {
  const { unfinished: _unfinished, ...rest } = summary;
  return rest;
}

/** Pinned first, then the most recently updated. */
export function sortSummaries(summaries: Iterable<ConversationSummary>): ConversationSummary[] {
  return [...summaries].sort(
    (a, b) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || a.conversationId.localeCompare(b.conversationId),
  );
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
