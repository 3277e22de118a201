import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { Memory, MemorySource } from '../../../../shared/memory/memory';
import { moveAside, writeFileAtomic } from '../files/atomic-write';
import { corruptPath, ensureDir } from '../files/data-dir';
import { backupBeforeMigration } from '../files/file-backup';
import { createKeyedQueue } from '../files/keyed-queue';
import { appendLines, endsWithNewline, fileSize, readTimelineText } from '../timeline/timeline-file';

/**
 * Format of `memory.jsonl` (the notes of Settings → Memory), stored the way timelines are: a
 * header with the format version, then one note per line.
 * 0: no header, each line `{ id, note, savedAt }` (the first memory store).
 * 1: a header line, then `{ type: "note", id, note, savedAt }` lines.
 * 2: notes also carry `projectId` (null: global), `source` (model or user) and `updatedAt`;
 *    notes of formats 0 and 1 become global notes the model saved.
 */
export const MEMORY_FORMAT = 'taco-memory';
export const MEMORY_FORMAT_VERSION = 2;

const headerSchema = z.object({ type: z.literal('header'), format: z.literal(MEMORY_FORMAT), version: z.number().int().min(1) });
const noteSchema = z.object({
  type: z.literal('note'),
  id: z.string().min(1),
  note: z.string(),
  savedAt: z.number(),
  projectId: z.string().min(1).nullable().optional(),
  source: z.enum(['model', 'user']).optional(),
  updatedAt: z.number().optional(),
});
const legacyNoteSchema = z.object({ id: z.string().min(1), note: z.string(), savedAt: z.number() });

export interface MemoryFileStoreOptions {
  path: string;
  now?: () => number;
  newId?: () => string;
  /** Where repairs and migrations are reported. Default: console.warn. */
  log?: (message: string) => void;
}

/** The notes on disk, one change at a time. */
export interface MemoryFile {
  /** Every note, oldest first. */
  all(): Promise<Memory[]>;
  /** What went wrong reading the file (shown in Settings → Memory), or null when it read whole. */
  problem(): string | null;
  add(input: { text: string; projectId: string | null; source: MemorySource }): Promise<Memory>;
  /** Changes a note's text or scope; not-found when there is no such note. */
  update(memoryId: string, changes: { text?: string; projectId?: string | null }): Promise<Memory>;
  /** false when there was no such note. */
  remove(memoryId: string): Promise<boolean>;
}

type Parsed = { version: number; notes: Memory[]; torn: boolean; badLines: number; unreadable: boolean };

/**
 * Memory on disk. A save appends one line; an edit or a removal replaces the file whole through
 * `writeFileAtomic` (a reader sees the old or the new file, never half). Nothing is ever lost to a
 * bad file: a torn last line (a crash mid-write) or a garbled line is skipped and reported, and the
 * file is copied aside before the first rewrite that would drop it; a file that cannot be read at
 * all is moved aside (never deleted) and Settings → Memory says where; an older format is migrated
 * after a backup (`memory.jsonl.v1.bak`). Notes are cached and re-read when the file changes size.
 */
export function createMemoryFileStore(options: MemoryFileStoreOptions): MemoryFile {
  const { path } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  const log = options.log ?? ((message: string) => console.warn(`[memory] ${message}`));
  const queue = createKeyedQueue();
  let cache: { size: number; notes: Memory[] } | null = null;
  /** Lines were skipped in the file as it is on disk: a rewrite keeps a copy of it first. */
  let skippedLines = false;
  let problem: string | null = null;

  const report = (message: string): void => {
    problem = problem ? `${problem} ${message}` : message;
    log(message);
  };

  /** The notes, reading the file only when it changed; migrates or repairs it first when needed. */
  async function load(): Promise<Memory[]> {
    const size = await fileSize(path);
    if (size === null) {
      cache = { size: 0, notes: [] };
      skippedLines = false;
      return [];
    }
    if (cache && cache.size === size) return cache.notes;
    const text = (await readTimelineText(path)) ?? '';
    const parsed = parseMemory(text);
    if (parsed.unreadable) {
      const aside = await moveAside(path, now());
      report(
        `The memory file could not be read at all; it was moved aside to ${basename(aside)} in the data folder (nothing was deleted) and memory started empty.`,
      );
      cache = { size: 0, notes: [] };
      skippedLines = false;
      return [];
    }
    if (parsed.torn) report('The last note in the memory file was cut off (TACO probably stopped while saving it) and was skipped.');
    if (parsed.badLines > 0) report(`${parsed.badLines} line(s) of the memory file could not be read and were skipped.`);
    skippedLines = parsed.torn || parsed.badLines > 0;
    if (parsed.version < MEMORY_FORMAT_VERSION) {
      const backup = await backupBeforeMigration(path, parsed.version);
      await rewrite(parsed.notes);
      log(
        `The memory file was brought from format ${parsed.version} to format ${MEMORY_FORMAT_VERSION}; the file as it was is kept as ${basename(backup)}.`,
      );
    }
    cache = { size: (await fileSize(path)) ?? 0, notes: parsed.notes };
    return parsed.notes;
  }

  /** Replaces the file whole; a file with skipped lines is copied aside first, so they are not lost. */
  async function rewrite(notes: readonly Memory[]): Promise<void> {
    if (skippedLines) {
      const copy = corruptPath(path, now());
      await copyFile(path, copy, constants.COPYFILE_EXCL);
      await chmod(copy, DEFAULTS.store.fileMode);
      report(`The memory file as it was, unreadable lines included, is kept as ${basename(copy)}.`);
      skippedLines = false;
    }
    await writeFileAtomic(path, header() + notes.map(noteLine).join(''));
    cache = { size: (await fileSize(path)) ?? 0, notes: [...notes] };
  }

  const find = (notes: readonly Memory[], memoryId: string): number => notes.findIndex((note) => note.memoryId === memoryId);

  return {
    all: () => queue.run(path, async () => (await load()).map((note) => ({ ...note }))),
    problem: () => problem,
    add: (input) =>
      queue.run(path, async () => {
        await ensureDir(dirname(path));
        const notes = await load();
        if (notes.length >= DEFAULTS.memory.maxNotes)
          throw new ContractError(
            'invalid-payload',
            `Memory holds ${notes.length} notes, the most it keeps. Delete some in Settings → Memory, then save again.`,
          );
        const at = now();
        const entry: Memory = {
          memoryId: newId(),
          text: input.text,
          projectId: input.projectId,
          source: input.source,
          savedAt: at,
          updatedAt: at,
        };
        const clean = await endsWithNewline(path);
        if (clean === 'missing' || (cache?.size ?? 0) === 0) await rewrite([...notes, entry]);
        else {
          await appendLines(path, noteLine(entry), clean);
          cache = { size: (await fileSize(path)) ?? 0, notes: [...notes, entry] };
        }
        return { ...entry };
      }),
    update: (memoryId, changes) =>
      queue.run(path, async () => {
        const notes = await load();
        const at = find(notes, memoryId);
        const current = notes[at];
        if (!current) throw new ContractError('not-found', `There is no memory with id ${memoryId}. It may have been deleted.`);
        const next: Memory = {
          ...current,
          ...(changes.text !== undefined ? { text: changes.text } : {}),
          ...(changes.projectId !== undefined ? { projectId: changes.projectId } : {}),
          updatedAt: now(),
        };
        await rewrite(notes.map((note, index) => (index === at ? next : note)));
        return { ...next };
      }),
    remove: (memoryId) =>
      queue.run(path, async () => {
        const notes = await load();
        if (find(notes, memoryId) === -1) return false;
        await rewrite(notes.filter((note) => note.memoryId !== memoryId));
        return true;
      }),
  };
}

function header(): string {
  return `${JSON.stringify({ type: 'header', format: MEMORY_FORMAT, version: MEMORY_FORMAT_VERSION })}\n`;
}

function noteLine(note: Memory): string {
  return `${JSON.stringify({
    type: 'note',
    id: note.memoryId,
    note: note.text,
    savedAt: note.savedAt,
    projectId: note.projectId,
    source: note.source,
    updatedAt: note.updatedAt,
  })}\n`;
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
    if (note.success) {
      const data = note.data;
      result.notes.push({
        memoryId: data.id,
        text: data.note,
        projectId: data.projectId ?? null,
        source: data.source ?? 'model',
        savedAt: data.savedAt,
        updatedAt: data.updatedAt ?? data.savedAt,
      });
      readable += 1;
      return;
    }
    const legacy = legacyNoteSchema.safeParse(value);
    if (legacy.success) {
      const data = legacy.data;
      result.notes.push({
        memoryId: data.id,
        text: data.note,
        projectId: null,
        source: 'model',
        savedAt: data.savedAt,
        updatedAt: data.savedAt,
      });
      readable += 1;
      return;
    }
    if (index === lines.length - 1 && !text.endsWith('\n')) result.torn = true;
    else result.badLines += 1;
  });
  result.unreadable = content > 0 && readable === 0;
  return result;
}
