import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import type { SkillPreviewFile } from '../../../shared/skills/skills';
import { parseSkillFile, type SkillFile } from './skill-file';

export const SKILL_FILE = 'SKILL.md';

/** A skill folder read whole: its SKILL.md checked, every file listed with its size. */
export interface SkillFolder {
  /** Absolute and symlink-free. */
  folder: string;
  skill: SkillFile;
  files: SkillPreviewFile[];
  totalBytes: number;
}

export type SkillFolderResult = { ok: true; value: SkillFolder } | { ok: false; reason: string };

/** Whether a file of a skill is a script: under scripts/ or with a script's extension. */
export function isScriptPath(path: string): boolean {
  return path.startsWith('scripts/') || DEFAULTS.skills.scriptExtensions.includes(extname(path).toLowerCase());
}

/** True when `inner` is `outer` or inside it (both absolute and resolved). */
export function isInside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..' && !/^[a-zA-Z]:/.test(rel));
}

/**
 * Reads a skill's folder and checks it: SKILL.md (the format), no link that leads outside the
 * folder, at most DEFAULTS.skills.maxFiles files, maxTotalBytes in all, maxDepth deep. A refusal
 * says why; nothing is changed either way.
 */
export async function readSkillFolder(path: string): Promise<SkillFolderResult> {
  let folder: string;
  try {
    folder = await realpath(path);
    if (!(await stat(folder)).isDirectory()) return { ok: false, reason: `${path} is not a folder.` };
  } catch {
    return { ok: false, reason: `The folder ${path} cannot be read.` };
  }
  const files: SkillPreviewFile[] = [];
  let totalBytes = 0;
  const walk = async (dir: string, depth: number): Promise<string | null> => {
    if (depth > DEFAULTS.skills.maxDepth) return `Its folders go deeper than ${DEFAULTS.skills.maxDepth} levels.`;
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      const full = join(dir, entry.name);
      const rel = relative(folder, full).split(sep).join('/');
      let info = await lstat(full);
      if (info.isSymbolicLink()) {
        const target = await realpath(full).catch(() => null);
        if (target === null || !isInside(folder, target)) return `${rel} is a link to a place outside the skill's folder.`;
        info = await stat(target);
        if (info.isDirectory()) return `${rel} is a link to a folder; a skill's folders must be real folders.`;
      }
      if (info.isDirectory()) {
        const inner = await walk(full, depth + 1);
        if (inner) return inner;
        continue;
      }
      if (!info.isFile()) return `${rel} is not a regular file.`;
      totalBytes += info.size;
      files.push({ path: rel, bytes: info.size, script: isScriptPath(rel) });
      if (files.length > DEFAULTS.skills.maxFiles) return `It has more than ${DEFAULTS.skills.maxFiles} files.`;
      if (totalBytes > DEFAULTS.skills.maxTotalBytes) return `It is larger than ${megabytes(DEFAULTS.skills.maxTotalBytes)}.`;
    }
    return null;
  };
  let problem: string | null;
  try {
    problem = await walk(folder, 0);
  } catch (error) {
    problem = `Its files cannot be read (${(error as Error).message}).`;
  }
  if (problem) return { ok: false, reason: problem };
  const skillFile = files.find((file) => file.path === SKILL_FILE);
  if (!skillFile) return { ok: false, reason: `There is no ${SKILL_FILE} at the top of the folder.` };
  if (skillFile.bytes > DEFAULTS.skills.maxSkillFileBytes)
    return { ok: false, reason: `${SKILL_FILE} is larger than ${Math.round(DEFAULTS.skills.maxSkillFileBytes / 1024)} KB.` };
  const parsed = parseSkillFile(await readFile(join(folder, SKILL_FILE), 'utf8'), basename(folder));
  if (!parsed.ok) return parsed;
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { ok: true, value: { folder, skill: parsed.skill, files, totalBytes } };
}

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}
