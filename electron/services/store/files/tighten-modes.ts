import type { Dirent } from 'node:fs';
import { chmod, lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';

/**
 * Versions before the 0700/0600 rule (`data-file.ts`, `atomic-write.ts`) left data, log and
 * documents folders 0755 and their files 0644, and nothing rewrites a folder or an old log. At
 * start, main takes group and other bits off the data folder and everything under it: walked
 * without following symbolic links (a link's target is not main's), only what this user owns,
 * at most DEFAULTS.store.tightenMaxEntries entries. Nothing is widened; the owner's bits stay.
 * POSIX only: Windows has no such bits. Returns how many entries were narrowed.
 */
export async function tightenDataModes(dataDir: string, maxEntries: number = DEFAULTS.store.tightenMaxEntries): Promise<number> {
  const uid = process.getuid?.();
  if (uid === undefined) return 0;
  let seen = 0;
  let narrowed = 0;
  const visit = async (entry: string): Promise<void> => {
    if (seen >= maxEntries) return;
    seen += 1;
    const info = await lstat(entry).catch(() => null);
    if (info === null || info.isSymbolicLink() || info.uid !== uid) return;
    if ((info.mode & 0o077) !== 0) {
      await chmod(entry, info.mode & 0o700);
      narrowed += 1;
    }
    if (!info.isDirectory()) return;
    const children: Dirent[] = await readdir(entry, { withFileTypes: true }).catch(() => []);
    for (const child of children) await visit(path.join(entry, child.name));
  };
  // The data folder may itself be reached through a link (a moved home folder): its target is the data.
  const root = await realpath(dataDir).catch(() => null);
  if (root !== null) await visit(root);
  return narrowed;
}
