import { DEFAULTS } from '../../shared/constants';
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MemoryStore } from '../catalogue/tool-runtime-types';
import { rankNotes, type MemoryNote } from './memory-search';

/**
 * Notes kept as JSON lines in one file. Reading is tolerant: a torn or garbled line (a crash
 * mid-write) is skipped, never the whole store; the next save starts on a fresh line.
 */
export function createFileMemoryStore(filePath: string, now: () => number = Date.now): MemoryStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    save: (note) =>
      serialized(async () => {
        const entry: MemoryNote = { id: randomUUID(), note, savedAt: now() };
        await mkdir(path.dirname(filePath), { recursive: true, mode: DEFAULTS.store.folderMode });
        const existing = await readText(filePath);
        const separator = existing.length > 0 && !existing.endsWith('\n') ? '\n' : '';
        await appendFile(filePath, `${separator}${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: DEFAULTS.store.fileMode });
        return { id: entry.id, savedAt: entry.savedAt };
      }),
    recall: (query, limit) => serialized(async () => rankNotes(parseNotes(await readText(filePath)), query, limit)),
  };
}

/** The same store kept in memory, for tests and for runs without a data folder. */
export function createInMemoryMemoryStore(now: () => number = Date.now): MemoryStore {
  const notes: MemoryNote[] = [];
  return {
    save: async (note) => {
      const entry: MemoryNote = { id: randomUUID(), note, savedAt: now() };
      notes.push(entry);
      return { id: entry.id, savedAt: entry.savedAt };
    },
    recall: async (query, limit) => rankNotes(notes, query, limit).map((entry) => ({ ...entry })),
  };
}

async function readText(filePath: string): Promise<string> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (error) {
    if (typeof error === 'object' && error !== null && Reflect.get(error, 'code') === 'ENOENT') return '';
    throw error;
  }
}

function parseNotes(text: string): MemoryNote[] {
  const notes: MemoryNote[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isNote(value)) notes.push(value);
    } catch {
      // A torn line from an interrupted write: skip it, keep the rest.
    }
  }
  return notes;
}

function isNote(value: unknown): value is MemoryNote {
  if (typeof value !== 'object' || value === null) return false;
  return (
    typeof Reflect.get(value, 'id') === 'string' &&
    typeof Reflect.get(value, 'note') === 'string' &&
    typeof Reflect.get(value, 'savedAt') === 'number'
  );
}
