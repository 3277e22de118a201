import { randomUUID } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { rankNotes, type MemoryNote } from '../../../../tools/memory/memory-search';
import type { MemoryStore } from '../../../../tools/catalogue/tool-runtime-types';
import { moveAside, writeFileAtomic } from '../files/atomic-write';
import { ensureDir } from '../files/data-dir';
import { backupBeforeMigration } from '../files/file-backup';
import { createKeyedQueue } from '../files/keyed-queue';
import { appendLines, endsWithNewline, fileSize, readTimelineText } from '../timeline/timeline-file';

/**
 * Format of `memory.jsonl` (notes saved by save_memory), stored the way timelines are: a header
 * with the format version, then one note per line, appended.
 * 0: no header, each line `{ id, note, savedAt }` (the first memory store).
 * 1: a header line, then `{ type: "note", id, note, savedAt }` lines.
 */
export const MEMORY_FORMAT = 'taco-memory';
export const MEMORY_FORMAT_VERSION = 1;

const headerSchema = z.object({ type: z.literal('header'), format: z.literal(MEMORY_FORMAT), version: z.number().int().min(1) });
const noteSchema = z.object({ type: z.literal('note'), id: z.string().min(1), note: z.string(), savedAt: z.number() });
const legacyNoteSchema = z.object({ id: z.string().min(1), note: z.string(), savedAt: z.number() });

export interface MemoryFileStoreOptions {
  path: string;
  now?: () => number;
  newId?: () => string;
  /** Where repairs and migrations are reported. Default: console.warn. */
  log?: (message: string) => void;
}

type Parsed = { version: number; notes: MemoryNote[]; torn: boolean; badLines: number; unreadable: boolean };

/**
 * Tool memory on disk: appends only, a torn last line (a crash mid-write) skipped and reported,
 * a file that cannot be read at all moved aside (never deleted), an older format migrated after
 * a backup (`memory.jsonl.v0.bak`). Notes are cached and re-read when the file changes size.
 */
export function createMemoryFileStore(options: MemoryFileStoreOptions): MemoryStore {
  const { path } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  const log = options.log ?? ((message: string) => console.warn(`[memory] ${message}`));
  const queue = createKeyedQueue();
  let cache: { size: number; notes: MemoryNote[] } | null = null;

  /** The notes, reading the file only when it changed; migrates or repairs it first when needed. */
  async function load(): Promise<MemoryNote[]> {
    const size = await fileSize(path);
    if (size === null) {
      cache = { size: 0, notes: [] };
      return [];
    }
    if (cache && cache.size === size) return cache.notes;
    const text = (await readTimelineText(path)) ?? '';
    const parsed = parseMemory(text);
    if (parsed.unreadable) {
      const aside = await moveAside(path, now());
      log(
        `The memory file could not be read at all; it was moved aside to ${basename(aside)} (nothing was deleted) and memory starts empty.`,
      );
      cache = { size: 0, notes: [] };
      return [];
    }
    if (parsed.torn) log('The last note in the memory file was cut off (TACO probably stopped while saving it) and was skipped.');
    if (parsed.badLines > 0) log(`${parsed.badLines} line(s) of the memory file could not be read and were skipped.`);
    if (parsed.version < MEMORY_FORMAT_VERSION) {
      const backup = await backupBeforeMigration(path, parsed.version);
      await writeFileAtomic(path, header() + parsed.notes.map(noteLine).join(''));
      log(
        `The memory file was brought from format ${parsed.version} to format ${MEMORY_FORMAT_VERSION}; the file as it was is kept as ${basename(backup)}.`,
      );
    }
    cache = { size: (await fileSize(path)) ?? 0, notes: parsed.notes };
    return parsed.notes;
  }

  return {
    save: (note) =>
      queue.run(path, async () => {
        await ensureDir(dirname(path));
        const notes = await load();
        const entry: MemoryNote = { id: newId(), note, savedAt: now() };
        const clean = await endsWithNewline(path);
        if (clean === 'missing' || (cache?.size ?? 0) === 0)
          await writeFileAtomic(path, header() + notes.map(noteLine).join('') + noteLine(entry));
        else await appendLines(path, noteLine(entry), clean);
        cache = { size: (await fileSize(path)) ?? 0, notes: [...notes, entry] };
        return { id: entry.id, savedAt: entry.savedAt };
      }),
    recall: (query, limit) => queue.run(path, async () => rankNotes(await load(), query, limit).map((note) => ({ ...note }))),
  };
}

function header(): string {
  return `${JSON.stringify({ type: 'header', format: MEMORY_FORMAT, version: MEMORY_FORMAT_VERSION })}\n`;
}

function noteLine(note: MemoryNote): string {
  return `${JSON.stringify({ type: 'note', id: note.id, note: note.note, savedAt: note.savedAt })}\n`;
}

export function parseMemory(text: string): Parsed {
  const lines = text.split('\n');
  const result: Parsed = { version: 0, notes: [], torn: false, badLines: 0, unreadable: false };
  let content = 0;
  let readable = 0;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    content += 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const head = headerSchema.safeParse(value);
    if (head.success) {
      if (readable === 0) result.version = head.data.version;
      readable += 1;
      return;
    }
    const note = noteSchema.safeParse(value);
    const legacy = note.success ? null : legacyNoteSchema.safeParse(value);
    if (note.success || legacy?.success) {
      const data = note.success ? note.data : legacy?.data;
      if (data) result.notes.push({ id: data.id, note: data.note, savedAt: data.savedAt });
      readable += 1;
      return;
    }
    if (index === lines.length - 1 && !text.endsWith('\n')) result.torn = true;
    else result.badLines += 1;
  });
  result.unreadable = content > 0 && readable === 0;
  return result;
}
