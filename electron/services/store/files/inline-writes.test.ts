import { createHook } from 'node:async_hooks';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { writeFileAtomic } from './atomic-write';
import { appendText, removeFileIfPresent, writeAndStat, writesInline } from './inline-writes';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taco-inline-writes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The thread-pool requests (fs promise and callback requests) `work` makes. */
async function poolRequests(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'FSREQPROMISE' || type === 'FSREQCALLBACK' || type === 'FILEHANDLECLOSEREQ') count += 1;
    },
  });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return count;
}

const large = 'x'.repeat(DEFAULTS.store.inlineWriteMaxBytes + 1);

describe('inline writes', () => {
  it('appends a small text with no trip through the thread pool, and a large one through it', async () => {
    const path = join(dir, 'timeline.jsonl');
    expect(writesInline('{"a":1}\n')).toBe(true);
    expect(writesInline(large)).toBe(false);
    expect(await poolRequests(() => appendText(path, '{"a":1}\n'))).toBe(0);
    expect(await poolRequests(() => appendText(path, large))).toBeGreaterThan(0);
    expect(await readFile(path, 'utf8')).toBe(`{"a":1}\n${large}`);
  });

  it('returns the size and mtime of the file just after the write, as a stat by path gives them', async () => {
    const path = join(dir, 'timeline.jsonl');
    const text = 'é'.repeat(10);
    for (const body of [text, large]) {
      const written = await writeAndStat(path, body, 'a');
      const after = await stat(path);
      expect(written).toEqual({ size: after.size, mtimeMs: after.mtimeMs });
    }
    expect((await stat(path)).size).toBe(Buffer.byteLength(text) + large.length);
  });

  it('makes new files with the data folder mode, and refuses to create one that exists', async () => {
    const path = join(dir, 'new.jsonl');
    await writeAndStat(path, 'header\n', 'wx');
    expect((await stat(path)).mode & 0o777).toBe(DEFAULTS.store.fileMode);
    await expect(writeAndStat(path, 'again\n', 'wx')).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(writeAndStat(join(dir, 'big.jsonl'), large, 'wx')).resolves.toMatchObject({ size: large.length });
    await expect(writeAndStat(join(dir, 'big.jsonl'), large, 'wx')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path, 'utf8')).toBe('header\n');
  });

  it('fails with the file system error and writes nothing when the folder is gone', async () => {
    const path = join(dir, 'missing', 'timeline.jsonl');
    await expect(appendText(path, 'line\n')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(appendText(path, large)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('writeFileAtomic', () => {
  it('replaces a small file with only the fsyncs on the thread pool, a large one as before', async () => {
    const path = join(dir, 'index.json');
    await writeFile(path, 'old', { mode: 0o644 });
    // Two fsyncs (the file, the folder): every other step of a small write is inline.
    expect(await poolRequests(() => writeFileAtomic(path, '{"small":true}'))).toBe(2);
    expect(await readFile(path, 'utf8')).toBe('{"small":true}');
    expect((await stat(path)).mode & 0o777).toBe(DEFAULTS.store.fileMode);
    expect(await poolRequests(() => writeFileAtomic(path, large))).toBeGreaterThan(2);
    expect(await readFile(path, 'utf8')).toBe(large);
    expect(await readdir(dir)).toEqual(['index.json']);
  });

  it('leaves the old file and no temp file behind when the write fails', async () => {
    const path = join(dir, 'gone', 'index.json');
    await expect(writeFileAtomic(path, '{}')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(writeFileAtomic(path, large)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('removeFileIfPresent', () => {
  it('removes a file inline, is quiet when there is none, and fails on anything else', async () => {
    const path = join(dir, 'marker');
    await writeFile(path, '');
    expect(await poolRequests(() => removeFileIfPresent(path))).toBe(0);
    expect(await readdir(dir)).toEqual([]);
    await expect(removeFileIfPresent(path)).resolves.toBeUndefined();
    // A folder is not a file: unlink refuses it, and that is an error.
    await expect(removeFileIfPresent(dir)).rejects.toMatchObject({ code: expect.stringMatching(/EISDIR|EPERM/) });
  });
});
