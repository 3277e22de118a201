import { createHash } from 'node:crypto';
import { readFile, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../store/files/atomic-write';
import { ensureDir } from '../../store/files/data-dir';

const HASH = /^[0-9a-f]{64}$/;

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Content-addressed files: a blob is named by its sha256, written to a temp file, fsynced and
 * renamed into place (then the folder is fsynced), so a blob that exists is complete. Blobs are
 * copies of the user's files (an overwritten `.env` too): data files, 0600 in 0700 folders. Writing
 * the same content again only refreshes its time (the budget drops the oldest first).
 */
export async function writeBlob(dir: string, data: Buffer): Promise<string> {
  const hash = sha256(data);
  const target = join(dir, hash);
  const existing = await stat(target).catch(() => null);
  if (existing?.size === data.length) {
    const now = new Date();
    await utimes(target, now, now);
    return hash;
  }
  await ensureDir(dir);
  await writeFileAtomic(target, data);
  return hash;
}

/** The blob's bytes, or null when it is missing (dropped over the budget) or does not match its name. */
export async function readBlob(dir: string, hash: string): Promise<Buffer | null> {
  if (!HASH.test(hash)) return null;
  const data = await readFile(join(dir, hash)).catch(() => null);
  return data && sha256(data) === hash ? data : null;
}
