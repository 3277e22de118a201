import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeFileText, type ProbeTask } from '../../../shared/probe/probe-task';

export interface ScratchFolder {
  /** Absolute, realpath'd: the try's workspace. */
  root: string;
  /** Each of the task's checked files: its content afterwards, null when it is missing. */
  readChecked(): Promise<Record<string, string | null>>;
  remove(): Promise<void>;
}

/** A fresh folder in the system's temp folder with the task's files: never the user's workspace. */
export async function createScratchFolder(task: ProbeTask): Promise<ScratchFolder> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'taco-check-')));
  for (const [relative, file] of Object.entries(task.files)) {
    const target = path.join(root, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, probeFileText(file), { mode: 0o600 });
  }
  return {
    root,
    async readChecked() {
      const out: Record<string, string | null> = {};
      for (const relative of Object.keys(task.check.fileEquals ?? {})) {
        try {
          out[relative] = await readFile(path.join(root, relative), 'utf8');
        } catch {
          out[relative] = null;
        }
      }
      return out;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

const removing = new Set<Promise<void>>();

/**
 * Removes the folder off the try's path (a try against a fast server is a few milliseconds; the
 * removal is as long again): the check awaits `scratchRemovalsSettled` before it reports.
 */
export function removeInBackground(folder: ScratchFolder): void {
  const removal: Promise<void> = folder
    .remove()
    .catch(() => undefined)
    .finally(() => removing.delete(removal));
  removing.add(removal);
}

/** Resolves once every folder given to `removeInBackground` so far is gone. */
export async function scratchRemovalsSettled(): Promise<void> {
  while (removing.size > 0) await Promise.all([...removing]);
}
