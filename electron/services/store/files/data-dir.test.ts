import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveAside, writeFileAtomic } from './atomic-write';
import { assertSafeId, conversationFile, corruptPath, defaultDataDir, idFromTimelineName, isSafeId } from './data-dir';

describe('data folder helpers', () => {
  it('accepts only ids that are plain file names', () => {
    for (const good of ['0b7c3c4e-1f2a-4c4e-9d3b-6a1e2f3a4b5c', 'abc', 'a_b-c']) expect(isSafeId(good)).toBe(true);
    for (const bad of ['', '..', '../x', 'a/b', 'a\\b', '.x', 'a.b', 'x'.repeat(129), 'é', 'a b', null, 5])
      expect(isSafeId(bad)).toBe(false);
    expect(() => assertSafeId('../etc/passwd')).toThrow(/not a valid conversation id/);
    expect(() => conversationFile('/data', 'a/../../b')).toThrow(/not a valid conversation id/);
    expect(conversationFile('/data', 'abc')).toBe(join('/data', 'conversations', 'abc.jsonl'));
  });

  it('recognises timeline names and ignores moved-aside and temp files', () => {
    expect(idFromTimelineName('abc.jsonl')).toBe('abc');
    expect(idFromTimelineName('abc.corrupt-2024-01-01T00-00-00-000Z.jsonl')).toBeNull();
    expect(idFromTimelineName('abc.jsonl.tmp-1-ff')).toBeNull();
    expect(idFromTimelineName('index.json')).toBeNull();
  });

  it('names moved-aside files after the time, keeping the extension', () => {
    expect(corruptPath(join('/d', 'abc.jsonl'), Date.UTC(2024, 4, 1, 10, 11, 12, 345))).toBe(
      join('/d', 'abc.corrupt-2024-05-01T10-11-12-345Z.jsonl'),
    );
  });

  it("defaults to Electron's userData folder for an app named TACO", () => {
    expect(defaultDataDir({}, 'linux', '/home/u')).toBe(join('/home/u', '.config', 'TACO'));
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe(join('/xdg', 'TACO'));
    expect(defaultDataDir({}, 'darwin', '/Users/u')).toBe(join('/Users/u', 'Library', 'Application Support', 'TACO'));
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toBe(
      join('C:\\Users\\u\\AppData\\Roaming', 'TACO'),
    );
  });
});

describe('atomic write', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'taco-atomic-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('replaces the whole file and leaves no temp file', async () => {
    const path = join(dir, 'index.json');
    await writeFile(path, 'old content that is longer than the new one');
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['index.json']);
  });

  it('leaves the old file and no temp file when the write fails', async () => {
    const path = join(dir, 'index.json');
    await writeFile(path, 'old');
    // Renaming a file over a non-empty folder fails after the temp file was written beside it.
    const folder = join(dir, 'folder');
    await mkdir(folder);
    await writeFile(join(folder, 'inside'), 'x');
    await expect(writeFileAtomic(folder, 'new')).rejects.toMatchObject({ code: 'EISDIR' });
    expect((await readdir(dir)).sort()).toEqual(['folder', 'index.json']);
    expect(await readFile(path, 'utf8')).toBe('old');
    expect((await readdir(dir)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('moves a file aside without losing it', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, 'broken');
    const aside = await moveAside(path, 0);
    expect(await readFile(aside, 'utf8')).toBe('broken');
    expect(await readdir(dir)).toEqual(['settings.corrupt-1970-01-01T00-00-00-000Z.json']);
  });
});
