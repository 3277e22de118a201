import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from './memory-file-store';

let dir: string;
let logs: string[];
let clock: number;
const path = (): string => join(dir, 'memory.jsonl');
const open = () => createMemoryFileStore({ path: path(), now: () => ++clock, log: (message) => logs.push(message) });
const texts = async (store = open()) => (await store.all()).map((note) => note.text);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taco-memory-'));
  logs = [];
  clock = 100;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the first memory store wrote: no header, bare notes. */
const FORMAT_0 = `${JSON.stringify({ id: 'n1', note: 'The user likes green tea', savedAt: 5 })}\n${JSON.stringify({ id: 'n2', note: 'Project deadline is Friday', savedAt: 6 })}\n`;
const FORMAT_1 = `${JSON.stringify({ type: 'header', format: 'taco-memory', version: 1 })}\n${JSON.stringify({ type: 'note', id: 'a', note: 'Old note', savedAt: 7 })}\n`;

describe('memory file store', () => {
  it('keeps notes with their scope and source after a versioned header, across instances', async () => {
    const saved = await open().add({ text: 'Prefers metric units', projectId: null, source: 'model' });
    await open().add({ text: 'Uses Python 3.12', projectId: 'p1', source: 'user' });
    expect(await open().all()).toEqual([
      {
        memoryId: saved.memoryId,
        text: 'Prefers metric units',
        projectId: null,
        source: 'model',
        savedAt: saved.savedAt,
        updatedAt: saved.savedAt,
      },
      expect.objectContaining({ text: 'Uses Python 3.12', projectId: 'p1', source: 'user' }),
    ]);
    const lines = (await readFile(path(), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ type: 'header', format: 'taco-memory', version: 2 });
  });

  it('edits and removes by replacing the file whole; other notes stay', async () => {
    const store = open();
    const a = await store.add({ text: 'first', projectId: null, source: 'user' });
    const b = await store.add({ text: 'second', projectId: 'p1', source: 'user' });
    const edited = await store.update(a.memoryId, { text: 'first, edited', projectId: 'p2' });
    expect(edited).toMatchObject({ text: 'first, edited', projectId: 'p2', savedAt: a.savedAt });
    expect(edited.updatedAt).toBeGreaterThan(a.updatedAt);
    expect(await open().all()).toEqual([edited, b]);
    expect(await store.remove(b.memoryId)).toBe(true);
    expect(await store.remove(b.memoryId)).toBe(false);
    expect(await texts()).toEqual(['first, edited']);
    await expect(store.update('missing', { text: 'x' })).rejects.toThrow('There is no memory with id missing');
  });

  it('migrates formats 0 and 1 after a byte-for-byte backup: their notes become global notes of the model', async () => {
    await writeFile(path(), FORMAT_0);
    expect(await open().all()).toEqual([
      { memoryId: 'n1', text: 'The user likes green tea', projectId: null, source: 'model', savedAt: 5, updatedAt: 5 },
      { memoryId: 'n2', text: 'Project deadline is Friday', projectId: null, source: 'model', savedAt: 6, updatedAt: 6 },
    ]);
    expect(await readFile(`${path()}.v0.bak`, 'utf8')).toBe(FORMAT_0);
    expect(logs.some((message) => /format 0 to format 2/.test(message))).toBe(true);
    await writeFile(path(), FORMAT_1);
    expect(await texts()).toEqual(['Old note']);
    expect(await readFile(`${path()}.v1.bak`, 'utf8')).toBe(FORMAT_1);
  });

  it('skips a torn last note with a report, and the next save starts on a new line', async () => {
    const store = open();
    await store.add({ text: 'Kept note', projectId: null, source: 'user' });
    await appendFile(path(), '{"type":"note","id":"x","no');
    const reader = open();
    expect(await texts(reader)).toEqual(['Kept note']);
    expect(reader.problem()).toContain('cut off');
    await open().add({ text: 'After the crash', projectId: null, source: 'user' });
    expect(await texts()).toEqual(['Kept note', 'After the crash']);
  });

  it('copies a file with unreadable lines aside before an edit rewrites it, so nothing is lost', async () => {
    const store = open();
    const kept = await store.add({ text: 'Kept note', projectId: null, source: 'user' });
    await appendFile(path(), 'garbage line\n');
    const before = await readFile(path(), 'utf8');
    const editor = open();
    await editor.update(kept.memoryId, { text: 'Edited note' });
    const aside = (await readdir(dir)).find((name) => name.startsWith('memory.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe(before);
    expect(editor.problem()).toMatch(/could not be read.*kept as memory\.corrupt-/s);
    expect(await texts()).toEqual(['Edited note']);
  });

  it('moves a file it cannot read at all aside, never deleting it, and says so', async () => {
    await writeFile(path(), 'garbage\nmore garbage\n');
    const store = open();
    expect(await store.all()).toEqual([]);
    expect(store.problem()).toMatch(/could not be read at all; it was moved aside to memory\.corrupt-.*nothing was deleted/);
    const aside = (await readdir(dir)).find((name) => name.startsWith('memory.corrupt-'));
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe('garbage\nmore garbage\n');
    await store.add({ text: 'Fresh start', projectId: null, source: 'user' });
    expect(await texts()).toEqual(['Fresh start']);
  });

  it('keeps every note when saves overlap', async () => {
    const store = open();
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.add({ text: `note ${i}`, projectId: null, source: 'model' })));
    expect(await open().all()).toHaveLength(20);
  });
});
