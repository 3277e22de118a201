import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import type { KnowledgeSkip } from '../../../../shared/knowledge/knowledge';
import { dataFolderHolding, guardedDataFolders } from '../../../../tools/files/guards/data-folder-guard';
import { hiddenPaths } from '../../../sandbox/sandbox-policy';

/** A file the walk found: its realpath (what is read) and its path inside the folder (what is shown). */
export interface WalkedFile {
  absolute: string;
  relative: string;
  size: number;
  mtimeMs: number;
}

export interface WalkLimits {
  maxFiles: number;
  maxDepth: number;
}

/**
 * Why TACO never reads `absolute` (a resolved path), or null: TACO's own data folders (settings,
 * tokens, conversations) and the secret places under HOME the OS sandbox hides
 * (DEFAULTS.sandbox.hiddenHomePaths).
 */
export function privatePlace(absolute: string, home: string = homedir()): string | null {
  if (dataFolderHolding(absolute)) return "TACO's own data folder is never indexed";
  for (const hidden of hiddenPaths({ home, dataFolders: guardedDataFolders() })) {
    if (absolute === hidden || absolute.startsWith(hidden + path.sep))
      return 'a private folder (keys, passwords, browser data) is never indexed';
  }
  return null;
}

/**
 * The folder itself, checked: its realpath, or why it cannot be added (missing, not a folder, a
 * private place, or one that holds the data folder... which is fine: that part is skipped).
 */
export async function checkKnowledgeFolder(folder: string): Promise<{ ok: true; root: string } | { ok: false; reason: string }> {
  let root: string;
  try {
    root = await realpath(path.resolve(folder));
    if (!(await stat(root)).isDirectory()) return { ok: false, reason: `${folder} is not a folder.` };
  } catch (error) {
    return { ok: false, reason: `${folder} cannot be read: ${errorWords(error)}.` };
  }
  const refused = privatePlace(root);
  return refused ? { ok: false, reason: `${folder}: ${refused}.` } : { ok: true, root };
}

/**
 * Every file under `root` (a realpath'd folder), depth first, yielded as found. Never leaves the
 * folder: a link is followed only to a file inside it (a link to a folder is not followed, so a
 * link loop cannot happen); names starting with a dot and DEFAULTS.knowledge.skippedNames are not
 * walked; private places are skipped with their reason. What cannot be read becomes a skip.
 */
export async function* walkFolder(
  root: string,
  skip: (entry: KnowledgeSkip) => void,
  limits: WalkLimits = { maxFiles: DEFAULTS.knowledge.maxFilesPerFolder, maxDepth: DEFAULTS.knowledge.maxDepth },
  signal?: AbortSignal,
): AsyncGenerator<WalkedFile> {
  let found = 0;
  const pending: Array<{ dir: string; depth: number }> = [{ dir: root, depth: 0 }];
  while (pending.length > 0) {
    if (signal?.aborted) return;
    const { dir, depth } = pending.pop()!;
    const relativeDir = toRelative(root, dir);
    let entries: string[];
    try {
      const handle = await opendir(dir);
      entries = [];
      for await (const entry of handle) entries.push(entry.name);
    } catch (error) {
      skip({ file: relativeDir, reason: `the folder cannot be read: ${errorWords(error)}` });
      continue;
    }
    entries.sort();
    const subfolders: string[] = [];
    for (const name of entries) {
      if (name.startsWith('.') || DEFAULTS.knowledge.skippedNames.includes(name)) continue;
      const absolute = path.join(dir, name);
      const relative = toRelative(root, absolute);
      const refused = privatePlace(absolute);
      if (refused) {
        skip({ file: relative, reason: refused });
        continue;
      }
      const entry = await classify(root, absolute);
      if (entry.type === 'skip') {
        skip({ file: relative, reason: entry.reason });
        continue;
      }
      if (entry.type === 'folder') {
        if (depth + 1 > limits.maxDepth) skip({ file: relative, reason: `deeper than ${limits.maxDepth} folders` });
        else subfolders.push(absolute);
        continue;
      }
      if (found >= limits.maxFiles) {
        skip({ file: relativeDir, reason: `more than ${limits.maxFiles} files: the rest of the folder is not indexed` });
        return;
      }
      found += 1;
      yield { absolute: entry.target, relative, size: entry.size, mtimeMs: entry.mtimeMs };
    }
    for (const sub of subfolders.reverse()) pending.push({ dir: sub, depth: depth + 1 });
  }
}

type Classified = { type: 'file'; target: string; size: number; mtimeMs: number } | { type: 'folder' } | { type: 'skip'; reason: string };

async function classify(root: string, absolute: string): Promise<Classified> {
  try {
    const info = await lstat(absolute);
    if (info.isDirectory()) return { type: 'folder' };
    if (info.isFile()) return { type: 'file', target: absolute, size: info.size, mtimeMs: info.mtimeMs };
    if (!info.isSymbolicLink()) return { type: 'skip', reason: 'not a regular file' };
    const target = await realpath(absolute);
    if (target !== root && !target.startsWith(root + path.sep))
      return { type: 'skip', reason: 'a link to a place outside the folder is not followed' };
    const targetInfo = await stat(target);
    if (targetInfo.isDirectory()) return { type: 'skip', reason: 'a link to a folder is not followed' };
    if (!targetInfo.isFile()) return { type: 'skip', reason: 'not a regular file' };
    const refused = privatePlace(target);
    if (refused) return { type: 'skip', reason: refused };
    return { type: 'file', target, size: targetInfo.size, mtimeMs: targetInfo.mtimeMs };
  } catch (error) {
    return { type: 'skip', reason: `cannot be read: ${errorWords(error)}` };
  }
}

function toRelative(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}

/** A file-system error in words (its code when it has one). */
export function errorWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'it no longer exists';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ELOOP') return 'a link loop';
  if (code === 'EIO' || code === 'ENXIO' || code === 'ENODEV') return 'the drive did not answer';
  return error instanceof Error ? error.message : String(error);
}
