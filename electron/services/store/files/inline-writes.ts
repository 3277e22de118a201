import { closeSync, fstatSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { DEFAULTS } from '../../../../shared/constants';

/**
 * Small writes to the data folder done with synchronous calls on main's thread, larger ones
 * through the thread pool. An append of a few KB to a local file is ~10–20 µs of main's time when
 * made inline, and ~250–300 µs of CPU (main and a pool thread woken, four times: open, write,
 * stat, close) through the promise API: with eight conversations streaming, those hops were a
 * tenth of main's work (bench/services/in-process-waves.ts). No fsync is ever made here (an append never
 * had one); what needs one (writeFileAtomic) keeps it on the pool. Above
 * `DEFAULTS.store.inlineWriteMaxBytes` (a long tool result) the write goes through the pool, so a
 * slow disk cannot hold the window's events for long.
 */
export function writesInline(text: string | Buffer): boolean {
  const bytes = typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength;
  return bytes <= DEFAULTS.store.inlineWriteMaxBytes;
}

/** The file's size and mtime just after a write, from the writing handle. */
export interface WrittenFile {
  size: number;
  mtimeMs: number;
}

/**
 * Writes `text` to a file opened with `flags` ('a' appends, 'wx' creates a new file and fails if
 * it exists) with the data folder's mode, and returns its size and mtime just after (fstat on the
 * same handle; null when that stat fails). One open, write, stat and close.
 */
export async function writeAndStat(path: string, text: string, flags: 'a' | 'wx'): Promise<WrittenFile | null> {
  const mode = DEFAULTS.store.fileMode;
  if (writesInline(text)) return writeAndStatInline(path, Buffer.from(text, 'utf8'), flags, mode);
  const handle = await open(path, flags, mode);
  try {
    await handle.writeFile(text, 'utf8');
    const { size, mtimeMs } = await handle.stat().catch(() => ({ size: -1, mtimeMs: -1 }));
    return size < 0 ? null : { size, mtimeMs };
  } finally {
    await handle.close();
  }
}

/** Appends `text` to the file (made with the data folder's mode when missing). */
export async function appendText(path: string, text: string): Promise<void> {
  await writeAndStat(path, text, 'a');
}

/**
 * Removes a file, nothing when there is none: one unlink, inline. (fs.rm with `force` walks the
 * path as a tree first: an lstat and an unlink on the pool, for the one file it ever is here.)
 */
export function removeFileIfPresent(path: string): Promise<void> {
  try {
    unlinkSync(path);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) return Promise.reject(error);
  }
  return Promise.resolve();
}

/** All of `bytes` to an open file, inline: a regular file takes it in one call; the loop is for the rare short write. */
export function writeWhole(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.byteLength;) written += writeSync(fd, bytes, written, bytes.byteLength - written);
}

function writeAndStatInline(path: string, bytes: Buffer, flags: 'a' | 'wx', mode: number): WrittenFile | null {
  const fd = openSync(path, flags, mode);
  try {
    writeWhole(fd, bytes);
    try {
      const { size, mtimeMs } = fstatSync(fd);
      return { size, mtimeMs };
    } catch {
      return null;
    }
  } finally {
    closeSync(fd);
  }
}
