import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { DEFAULTS } from '../../../shared/constants';
import type { SkillInstallFrom, SkillInstallPreview, SkillInstallTarget } from '../../../shared/skills/skills';
import { SKILL_FILE, megabytes, readSkillFolder, type SkillFolder } from './skill-folder';
import type { SkillCloner } from './skill-git';
import { globalSkillsRoot, projectSkillsRoot } from './skill-sources';
import { unpackSkillZip } from './skill-zip';

export interface SkillInstaller {
  /** Stages the skill and says what it holds; nothing is added until `install` with the preview's id. */
  preview(from: SkillInstallFrom, target: SkillInstallTarget): Promise<SkillInstallPreview>;
  /** Adds exactly the staged files the preview listed; the preview is used up. */
  install(previewId: string): Promise<{ name: string; folder: string }>;
  /** Drops a preview and its staged files. */
  cancel(previewId: string): Promise<void>;
  /** Removes an installed skill (global or a project's; never a workspace's or another agent's). */
  remove(folder: string): Promise<void>;
}

interface Staged {
  staging: string;
  skill: SkillFolder;
  targetRoot: string;
  expires: number;
}

export function createSkillInstaller(options: { dataDir: string; clone: SkillCloner; now?: () => number }): SkillInstaller {
  const now = options.now ?? Date.now;
  const staged = new Map<string, Staged>();
  const stagingRoot = join(options.dataDir, 'skill-staging');

  const drop = async (id: string): Promise<void> => {
    const entry = staged.get(id);
    staged.delete(id);
    if (entry) await rm(entry.staging, { recursive: true, force: true });
  };
  const dropExpired = async (): Promise<void> => {
    for (const [id, entry] of staged) if (entry.expires < now()) await drop(id);
  };

  return {
    async preview(from, target) {
      await dropExpired();
      const targetRoot =
        target.scope === 'global' ? globalSkillsRoot(options.dataDir) : projectSkillsRoot(options.dataDir, target.projectId);
      await mkdir(stagingRoot, { recursive: true, mode: 0o700 });
      const staging = await mkdtemp(join(stagingRoot, 'skill-'));
      const fail = async (reason: string): Promise<SkillInstallPreview> => {
        await rm(staging, { recursive: true, force: true });
        return { ok: false, reason };
      };
      const fetched = join(staging, 'fetched');
      await mkdir(fetched);
      const problem = await fetchInto(from, fetched, options.clone);
      if (problem) return fail(problem);
      const found = await skillRootIn(fetched);
      if (typeof found !== 'string') return fail(found.reason);
      const named = join(staging, 'skill', await folderNameFor(found));
      await mkdir(dirname(named), { recursive: true });
      await rename(found, named);
      const read = await readSkillFolder(named);
      if (!read.ok) return fail(read.reason);
      const previewId = randomUUID();
      staged.set(previewId, { staging, skill: read.value, targetRoot, expires: now() + DEFAULTS.skills.previewTtlMs });
      const replaces = await stat(join(targetRoot, read.value.skill.name)).then(
        () => true,
        () => false,
      );
      const { skill, files, totalBytes } = read.value;
      return { ok: true, previewId, name: skill.name, description: skill.description, files, totalBytes, replaces };
    },

    async install(previewId) {
      await dropExpired();
      const entry = staged.get(previewId);
      if (!entry) throw new Error('That preview is gone (it was used, cancelled or is too old): choose the skill again.');
      staged.delete(previewId);
      try {
        // Checked again: the staged files are what the preview listed, nothing more.
        const again = await readSkillFolder(entry.skill.folder);
        if (!again.ok) throw new Error(again.reason);
        const listed = entry.skill.files.map((file) => `${file.path}:${file.bytes}`).join('\n');
        if (again.value.files.map((file) => `${file.path}:${file.bytes}`).join('\n') !== listed)
          throw new Error('The staged files changed after the preview: choose the skill again.');
        const name = entry.skill.skill.name;
        const destination = join(entry.targetRoot, name);
        const incoming = join(entry.targetRoot, `.incoming-${previewId}`);
        await mkdir(incoming, { recursive: true });
        for (const file of entry.skill.files) {
          await mkdir(dirname(join(incoming, file.path)), { recursive: true });
          await copyFile(join(entry.skill.folder, file.path), join(incoming, file.path));
        }
        await rm(destination, { recursive: true, force: true });
        await rename(incoming, destination);
        return { name, folder: destination };
      } finally {
        await rm(entry.staging, { recursive: true, force: true });
      }
    },

    cancel: drop,

    async remove(folder) {
      const roots = [globalSkillsRoot(options.dataDir), join(options.dataDir, DEFAULTS.skills.projectFolder)];
      const inRoot = roots.some((root) => dirname(folder) === root || dirname(dirname(folder)) === root);
      if (!inRoot) throw new Error('Only skills installed in TACO can be removed here; remove other skills where they are kept.');
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function fetchInto(from: SkillInstallFrom, into: string, clone: SkillCloner): Promise<string | null> {
  if (from.kind === 'zip') return unpackSkillZip(from.path, into);
  if (from.kind === 'zip-upload') {
    // Written beside the unpack folder in the staging folder, then read like a zip on disk.
    const bytes = Buffer.from(from.base64, 'base64');
    if (bytes.length > DEFAULTS.skills.maxUploadBytes)
      return `The zip is larger than ${megabytes(DEFAULTS.skills.maxUploadBytes)}: give its path instead.`;
    const upload = join(dirname(into), 'upload.zip');
    await writeFile(upload, bytes, { mode: 0o600 });
    return unpackSkillZip(upload, into);
  }
  if (from.kind === 'git') {
    const problem = await clone(from.url, into);
    if (problem) return problem;
    await rm(join(into, 'skill', '.git'), { recursive: true, force: true });
    return null;
  }
  // A folder: read and checked where it is, then its listed files copied (a link inside is copied as the file it names).
  const read = await readSkillFolder(from.path);
  if (!read.ok) return read.reason;
  const copy = join(into, read.value.skill.name);
  for (const file of read.value.files) {
    await mkdir(dirname(join(copy, file.path)), { recursive: true });
    await copyFile(join(read.value.folder, file.path), join(copy, file.path));
  }
  return null;
}

/** The folder holding SKILL.md: the top of what was fetched, or its one folder (a zip or repository of one skill). */
async function skillRootIn(fetched: string): Promise<string | { reason: string }> {
  const names = (await readdir(fetched)).filter((name) => name !== '__MACOSX');
  if (names.includes(SKILL_FILE)) return fetched;
  if (names.length === 1 && names[0] !== undefined) {
    const only = join(fetched, names[0]);
    if ((await stat(only)).isDirectory()) {
      const inner = await readdir(only);
      if (inner.includes(SKILL_FILE)) return only;
    }
  }
  return { reason: `No ${SKILL_FILE} was found at the top or in a single top folder.` };
}

/** A skill's folder is named by its front matter's name (the check then holds them equal). */
async function folderNameFor(root: string): Promise<string> {
  try {
    const text = await readFile(join(root, SKILL_FILE), 'utf8');
    const front = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    const name = (parseDocument(front).toJS() as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && /^[a-z0-9-]{1,64}$/.test(name)) return name;
  } catch {
    // The check that follows says what is wrong.
  }
  return 'skill';
}
