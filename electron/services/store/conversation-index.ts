import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ConversationSummary } from '../../../shared/conversation';

/** Format of `index.json`. The index is derived data: it can always be rebuilt from the timelines. */
export const INDEX_FORMAT = 'taco-index';
export const INDEX_FORMAT_VERSION = 1;

const summarySchema = z.object({
  conversationId: z.string().min(1),
  title: z.string(),
  model: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  pinned: z.boolean(),
});

const indexSchema = z.object({
  format: z.literal(INDEX_FORMAT),
  version: z.literal(INDEX_FORMAT_VERSION),
  conversations: z.array(summarySchema),
});

export type IndexRead = { type: 'ok'; summaries: ConversationSummary[] } | { type: 'missing' } | { type: 'corrupt'; reason: string };

export async function readIndex(path: string): Promise<IndexRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return { type: 'missing' };
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { type: 'corrupt', reason: 'it is not valid JSON' };
  }
  const parsed = indexSchema.safeParse(value);
  if (!parsed.success) return { type: 'corrupt', reason: 'its contents are not a TACO index of this version' };
  return { type: 'ok', summaries: parsed.data.conversations };
}

export function serializeIndex(summaries: Iterable<ConversationSummary>): string {
  return `${JSON.stringify({ format: INDEX_FORMAT, version: INDEX_FORMAT_VERSION, conversations: [...summaries] }, null, 1)}\n`;
}

/** Pinned first, then the most recently updated. */
export function sortSummaries(summaries: Iterable<ConversationSummary>): ConversationSummary[] {
  return [...summaries].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || a.conversationId.localeCompare(b.conversationId));
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'ENOENT';
}
