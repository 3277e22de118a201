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

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taco-memory-'));
  logs = [];
  clock = 100;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the first memory store (tools/memory/memory-store.ts) wrote: no header, bare notes. */
const FORMAT_0 = `${JSON.stringify({ id: 'n1', note: 'The user likes green tea', savedAt: 5 })}\n${JSON.stringify({ id: 'n2', note: 'Project deadline is Friday', savedAt: 6 })}\n`;

describe('memory file store', () => {
  it('saves notes after a versioned header and recalls them across instances', async () => {
    const store = open();
    const saved = await store.save('Prefers metric units');
    await open().save('Lives in Lyon');
    expect(await open().recall('units', 5)).toEqual([{ id: saved.id, note: 'Prefers metric units', savedAt: saved.savedAt }]);
    const lines = (await readFile(path(), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ type: 'header', format: 'taco-memory', version: 1 });
    expect(lines.slice(1).map((line) => line.type)).toEqual(['note', 'note']);
  });

  it('migrates the headerless format 0 after a byte-for-byte backup', async () => {
    await writeFile(path(), FORMAT_0);
    const store = open();
    expect((await store.recall('tea', 5)).map((note) => note.id)).toEqual(['n1']);
    expect(await readFile(`${path()}.v0.bak`, 'utf8')).toBe(FORMAT_0);
    expect(JSON.parse((await readFile(path(), 'utf8')).split('\n')[0] ?? '')).toMatchObject({ format: 'taco-memory', version: 1 });
    await store.save('A third note');
    expect((await open().recall('', 10)).map((note) => note.id)).toEqual([expect.any(String), 'n2', 'n1']);
    expect(logs.some((message) => /format 0 to format 1/.test(message))).toBe(true);
  });

  it('skips a torn last note with a report, and the next save starts on a new line', async () => {
    const store = open();
    await store.save('Kept note');
    await appendFile(path(), '{"type":"note","id":"x","no');
    expect((await open().recall('', 5)).map((note) => note.note)).toEqual(['Kept note']);
    expect(logs.some((message) => message.includes('cut off'))).toBe(true);
    await open().save('After the crash');
    expect((await open().recall('', 5)).map((note) => note.note)).toEqual(['After the crash', 'Kept note']);
  });

  it('moves a file it cannot read at all aside, never deleting it', async () => {
    await writeFile(path(), 'garbage\nmore garbage\n');
    const store = open();
    expect(await store.recall('', 5)).toEqual([]);
    const aside = (await readdir(dir)).find((name) => name.startsWith('memory.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe('garbage\nmore garbage\n');
    await store.save('Fresh start');
    expect((await open().recall('fresh', 5)).map((note) => note.note)).toEqual(['Fresh start']);
  });
});
