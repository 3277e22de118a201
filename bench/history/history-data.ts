import { createHash } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TacoEvent } from '../../shared/contract/events';
import type { DocumentRecord, VersionRecord } from '../../shared/documents/documents';
import { documentRecordSchema, versionRecordSchema } from '../../shared/documents/documents';
import { createConversationStore } from '../../electron/services/store/conversations/conversation-store';
import { documentsDir } from '../../electron/services/documents/versions/version-store';
import { BENCH_DEFAULTS } from '../bench-defaults';

/** The shape of a generated history (BENCH_DEFAULTS.history, scaled by TACO_BENCH_HISTORY_SCALE). */
export interface HistoryShape {
  conversations: number;
  /** Mean messages per conversation (user and assistant alternate); each has 20%–180% of it. */
  meanMessages: number;
  /** Files of the one workspace conversation, and the versions kept of them. */
  files: number;
  versions: number;
}

export interface GeneratedHistory {
  shape: HistoryShape;
  timelineBytes: number;
  messages: number;
  /** The conversation whose documents are the workspace. */
  workspaceConversationId: string;
  /** Words of the generated language, most frequent first: search queries are drawn from them. */
  vocabulary: string[];
}

/** The shape times `scale` (TACO_BENCH_HISTORY_SCALE, default 1): the tests use a tiny one. */
export function historyShape(scale = Number(process.env.TACO_BENCH_HISTORY_SCALE ?? '1')): HistoryShape {
  const factor = Number.isFinite(scale) && scale > 0 ? scale : 1;
  const { conversations, meanMessages, files, versions } = BENCH_DEFAULTS.history;
  return {
    conversations: Math.max(2, Math.round(conversations * factor)),
    meanMessages,
    files: Math.max(2, Math.round(files * factor)),
    versions: Math.max(2, Math.round(versions * factor)),
  };
}

/** A deterministic generator (mulberry32): the same seed gives the same history. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'ser', 'ta', 'vin', 'dro', 'pel', 'qua', 'rix', 'sol', 'tem', 'ul', 'ven', 'zor', 'bra', 'cet'];

/** A language of `size` words with Zipf frequencies (the word of rank r is used ∝ 1/r), as prose is. */
function language(next: () => number, size: number): { words: string[]; word: () => string } {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(next() * 3);
    let word = '';
    for (let index = 0; index < length; index += 1) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(word);
  }
  const list = [...words];
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= list.length; rank += 1) cumulative.push((total += 1 / rank));
  const word = (): string => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return list[low] ?? '';
  };
  return { words: list, word };
}

function sentence(word: () => string, words: number): string {
  const out: string[] = [];
  for (let index = 0; index < words; index += 1) out.push(word());
  return `${out.join(' ')}.`;
}

/** The events of one generated conversation (user and assistant alternating). */
function conversationEvents(id: string, messages: number, word: () => string, next: () => number): TacoEvent[] {
  const events: TacoEvent[] = [];
  for (let index = 0; index * 2 < messages; index += 1) {
    const at = 1_700_000_000_000 + index * 60_000;
    const runId = `${id}-r${index}`;
    events.push({
      type: 'user-message',
      conversationId: id,
      messageId: `${id}-u${index}`,
      text: sentence(word, 4 + Math.floor(next() * 12)),
      at,
    });
    if (index * 2 + 1 >= messages) break;
    events.push({ type: 'run-start', conversationId: id, runId, model: BENCH_DEFAULTS.model, goal: 'Answer', startedAt: at + 10 });
    const answer = [sentence(word, 12 + Math.floor(next() * 24)), sentence(word, 4 + Math.floor(next() * 16))].join(' ');
    events.push({ type: 'text-delta', conversationId: id, runId, text: answer });
    events.push({ type: 'run-finish', conversationId: id, runId, reason: 'complete', message: 'Done.', error: null, at: at + 3000 });
  }
  return events;
}

/**
 * Writes a long history into `dataDir`: `shape.conversations` conversations through the real
 * conversation store, and the documents of one workspace conversation (`shape.files` files,
 * `shape.versions` versions: records and content blobs as the version store keeps them, written
 * directly, since 20,000 fsynced changes would take longer than the whole benchmark).
 */
export async function writeHistory(dataDir: string, shape: HistoryShape, seed = 20261126): Promise<GeneratedHistory> {
  const next = seeded(seed);
  const { words, word } = language(next, 6000);
  const store = createConversationStore({ dataDir, log: () => undefined });
  let messages = 0;
  let workspaceConversationId = '';
  const parallel = 20;
  for (let start = 0; start < shape.conversations; start += parallel) {
    const count = Math.min(parallel, shape.conversations - start);
    await Promise.all(
      Array.from({ length: count }, async (_, offset) => {
        const number = start + offset;
        const length = Math.max(2, Math.round(shape.meanMessages * (0.2 + 1.6 * next())));
        messages += length;
        const summary = await store.create({ title: `${word()} ${word()} ${word()} ${number}`, model: BENCH_DEFAULTS.model });
        if (number === 0) workspaceConversationId = summary.conversationId;
        await store.append(summary.conversationId, conversationEvents(summary.conversationId, length, word, next));
      }),
    );
  }
  await store.close();
  await writeWorkspace(dataDir, workspaceConversationId, shape, word, next);
  let timelineBytes = 0;
  for (const name of await readdir(join(dataDir, 'conversations')))
    if (name.endsWith('.jsonl')) timelineBytes += (await stat(join(dataDir, 'conversations', name))).size;
  return { shape, timelineBytes, messages, workspaceConversationId, vocabulary: words };
}

async function writeWorkspace(
  dataDir: string,
  conversationId: string,
  shape: HistoryShape,
  word: () => string,
  next: () => number,
): Promise<void> {
  const dir = join(documentsDir(dataDir), conversationId);
  const blobs = join(dir, 'blobs');
  await mkdir(blobs, { recursive: true, mode: 0o700 });
  const author = { task: 'Generated workspace', runId: null, callId: null, tool: 'write_file' };
  const latest = new Map<string, { hash: string; size: number }>();
  const records: string[] = [];
  // Each file keeps its path across its versions (every file is written versions / files times).
  const paths = Array.from({ length: shape.files }, (_, index) => `src/${word()}/${word()}-${index}.ts`);
  for (let seq = 1; seq <= shape.versions; seq += 1) {
    const path = paths[(seq - 1) % shape.files] ?? 'src/index.ts';
    const content = Buffer.from(
      `// ${sentence(word, 8)}\n${Array.from({ length: 8 + Math.floor(next() * 24) }, () => `export const ${word()} = '${sentence(word, 6)}';`).join('\n')}\n`,
    );
    const hash = createHash('sha256').update(content).digest('hex');
    await writeFile(join(blobs, hash), content, { mode: 0o600 });
    const before = latest.get(path) ?? null;
    const record: VersionRecord = versionRecordSchema.parse({
      seq,
      at: 1_700_000_000_000 + seq,
      kind: 'write',
      path,
      workspace: '/workspace',
      tool: 'write_file',
      callId: `call-${seq}`,
      runId: null,
      before,
      after: { hash, size: content.length },
    });
    records.push(JSON.stringify(record));
    latest.set(path, { hash, size: content.length });
  }
  await writeFile(join(dir, 'versions.jsonl'), `${records.join('\n')}\n`, { mode: 0o600 });
  const documents: DocumentRecord[] = [...latest].map(([path, content], index) =>
    documentRecordSchema.parse({
      path,
      createdAt: 1_700_000_000_000 + index,
      updatedAt: 1_700_000_000_000 + shape.versions + index,
      createdBy: author,
      updatedBy: author,
      mimeType: 'text/x-typescript',
      size: content.size,
      tokens: Math.round(content.size / 4),
      description: index % 3 === 0 ? sentence(word, 6) : '',
      tags: index % 5 === 0 ? [word()] : [],
      contentHash: content.hash,
      autoSummary: index % 2 === 0 ? sentence(word, 12) : null,
      summaryOf: index % 2 === 0 ? content.hash : null,
    }),
  );
  await writeFile(join(dir, 'documents.json'), JSON.stringify({ documents }), { mode: 0o600 });
}

/** One line for the log: what was generated. */
export function describeHistory(history: GeneratedHistory): string {
  const { shape } = history;
  return `${shape.conversations} conversations, ${history.messages} messages (mean ${(history.messages / shape.conversations).toFixed(0)}), ${(history.timelineBytes / 1e6).toFixed(0)} MB of timelines; a workspace of ${shape.files} files with ${shape.versions} versions`;
}
