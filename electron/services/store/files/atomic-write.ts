import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import { corruptPath } from './data-dir';

/**
 * Replace a file so that a reader sees either the old or the new content, never half of it:
 * write a temp file beside it, fsync, rename over the target, then fsync the folder. The file is
 * the user's alone (DEFAULTS.store.fileMode), whatever the umask and whatever mode it had before.
 */
export async function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
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

/** Make a rename durable. Not every platform can open a folder (Windows): best effort. */
export async function syncDir(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The rename happened; only its durability across a power cut is not guaranteed here.
  }
}

/** Move a file that cannot be read out of the way, never deleting it. Returns where it went. */
export async function moveAside(path: string, at: number): Promise<string> {
  const target = corruptPath(path, at);
  await rename(path, target);
  return target;
}
