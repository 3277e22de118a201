import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsync, openSync, renameSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULTS } from '../../../../shared/constants';
import { corruptPath } from './data-dir';
import { writeWhole, writesInline } from './inline-writes';

const fsyncFd = promisify(fsync);

/**
 * Replace a file so that a reader sees either the old or the new content, never half of it:
 * write a temp file beside it, fsync, rename over the target, then fsync the folder. The file is
 * the user's alone (DEFAULTS.store.fileMode), whatever the umask and whatever mode it had before.
 */
export async function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  if (writesInline(data)) return writeSmallFileAtomic(path, temp, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  try {
    const handle = await open(temp, 'wx', DEFAULTS.store.fileMode);
    try {
      await handle.chmod(DEFAULTS.store.fileMode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(dirname(path));
}

/**
 * writeFileAtomic for a small file (inline-writes.ts): the same steps, with the open, write,
 * close and rename inline and only the two fsyncs on the thread pool (nine pool round trips
 * become two; an fsync can take milliseconds on a real disk and never runs on main).
 */
async function writeSmallFileAtomic(path: string, temp: string, bytes: Buffer): Promise<void> {
  try {
    const fd = openSync(temp, 'wx', DEFAULTS.store.fileMode);
    try {
      fchmodSync(fd, DEFAULTS.store.fileMode);
      writeWhole(fd, bytes);
      await fsyncFd(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The write's own error is the one to report.
    }
    throw error;
  }
  await syncDir(dirname(path));
}

/**
 * Make a rename durable: fsync the folder. Its open and close are inline (a folder's open is one
 * quick call), the fsync on the thread pool. Not every platform can open a folder (Windows): best effort.
 */
async function syncDir(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return;
  }
  try {
    await fsyncFd(fd);
  } catch {
    // The rename happened; only its durability across a power cut is not guaranteed here.
  } finally {
    closeSync(fd);
  }
}

/** Move a file that cannot be read out of the way, never deleting it. Returns where it went. */
export async function moveAside(path: string, at: number): Promise<string> {
  const target = corruptPath(path, at);
  await rename(path, target);
  return target;
}
