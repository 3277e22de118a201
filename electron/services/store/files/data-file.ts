import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import { ensureDir } from './data-dir';

/**
 * Opens a data file for writing, creating it (and its folders, through `ensureDir`) the user's
 * alone: DEFAULTS.store.fileMode whatever the umask, and an existing file left more open by an
 * older version is narrowed too. Every file main creates in place (not by an atomic replace,
 * `atomic-write.ts`) opens through here: version logs, raw model logs.
 */
export async function openDataFile(path: string, flags: 'a' | 'w' | 'wx'): Promise<FileHandle> {
  await ensureDir(dirname(path));
  const handle = await open(path, flags, DEFAULTS.store.fileMode);
  try {
    await handle.chmod(DEFAULTS.store.fileMode);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Appends text to a data file (created 0600); `sync` waits until it is on disk. */
export async function appendDataFile(path: string, text: string, options: { sync?: boolean } = {}): Promise<void> {
  const handle = await openDataFile(path, 'a');
  try {
    await handle.appendFile(text, 'utf8');
    if (options.sync) await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a whole data file in place (created 0600); for files no reader depends on mid-write (logs). */
export async function writeDataFile(path: string, data: string | Buffer): Promise<void> {
  const handle = await openDataFile(path, 'w');
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}
