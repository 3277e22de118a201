import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDir } from '../store/files/atomic-write';

const HASH = /^[0-9a-f]{64}$/;

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Content-addressed files: a blob is named by its sha256, written to a temp file, fsynced and
 * renamed into place (then the folder is fsynced), so a blob that exists is complete. Writing
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
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(dir);
  return hash;
}

/** The blob's bytes, or null when it is missing (dropped over the budget) or does not match its name. */
export async function readBlob(dir: string, hash: string): Promise<Buffer | null> {
  if (!HASH.test(hash)) return null;
  const data = await readFile(join(dir, hash)).catch(() => null);
  return data && sha256(data) === hash ? data : null;
}
