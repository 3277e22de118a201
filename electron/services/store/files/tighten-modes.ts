import type { Dirent } from 'node:fs';
import { chmod, lstat, readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import { writeFileAtomic } from './atomic-write';

/**
 * Versions before the 0700/0600 rule (`data-file.ts`, `atomic-write.ts`) left data, log and
 * documents folders 0755 and their files 0644, and nothing rewrites a folder or an old log. At
 * start, main takes group and other bits off the data folder and everything under it: walked
 * without following symbolic links (a link's target is not main's), only what this user owns,
 * at most DEFAULTS.store.tightenMaxEntries entries. Nothing is widened; the owner's bits stay.
 * POSIX only: Windows has no such bits. Returns how many entries were narrowed.
 */
export async function tightenDataModes(dataDir: string, maxEntries: number = DEFAULTS.store.tightenMaxEntries): Promise<number> {
  return (await walkAndTighten(dataDir, maxEntries)).narrowed;
}

async function walkAndTighten(dataDir: string, maxEntries: number): Promise<{ narrowed: number; complete: boolean }> {
  const uid = process.getuid?.();
  if (uid === undefined) return { narrowed: 0, complete: true };
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
  return { narrowed, complete: seen < maxEntries };
}

const MARKER_TEXT = 'narrowed\n';

/**
 * What start calls: the whole walk once per data folder, then a look at the folder and its first
 * level only. A long history is tens of thousands of entries (3.7 s of start on a loaded 2-core
 * machine over 22,000, BENCHMARKS.md `history_cold_start_ratio`), while everything this version
 * creates is 0700/0600 already. The marker (`DEFAULTS.store.modesMarker`) is written only after a
 * walk that saw every entry; a loose folder or file at the first level (an older TACO run in
 * between made it) walks everything again.
 */
export async function tightenDataModesOnce(dataDir: string, maxEntries: number = DEFAULTS.store.tightenMaxEntries): Promise<number> {
  if (process.getuid?.() === undefined) return 0;
  const root = await realpath(dataDir).catch(() => null);
  if (root === null) return 0;
  const marker = path.join(root, DEFAULTS.store.modesMarker);
  if ((await readFile(marker, 'utf8').catch(() => null)) === MARKER_TEXT && (await firstLevelNarrow(root))) return 0;
  const { narrowed, complete } = await walkAndTighten(root, maxEntries);
  if (complete) await writeFileAtomic(marker, MARKER_TEXT).catch(() => undefined);
  return narrowed;
}

async function firstLevelNarrow(root: string): Promise<boolean> {
  const loose = async (entry: string): Promise<boolean> => {
    const info = await lstat(entry).catch(() => null);
    return info !== null && !info.isSymbolicLink() && (info.mode & 0o077) !== 0;
  };
  if (await loose(root)) return false;
  const children: Dirent[] = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const child of children) if (await loose(path.join(root, child.name))) return false;
  return true;
}
