import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fallbackScratchBase, scratchBase } from './scratch-base';
import { probeFileText, type ProbeFile, type ProbeTask } from '../../../shared/probe/probe-task';

export interface ScratchFolder {
  /** Absolute, realpath'd: the try's workspace. */
  root: string;
  /** Each of the task's checked files: its content afterwards, null when it is missing. */
  readChecked(): Promise<Record<string, string | null>>;
  remove(): Promise<void>;
}

/**
 * A fresh folder with the task's files, in the scratch base (scratch-base.ts: memory-backed when the
 * system has room there, else the system's temp folder); never the user's workspace. When the base
 * has no room left, in the system's temp folder instead.
 */
export async function createScratchFolder(task: ProbeTask, base: string = scratchBase()): Promise<ScratchFolder> {
  const fallback = fallbackScratchBase();
  // In memory a folder and its few files take a tenth of a millisecond to make, read or remove:
  // done at once, that costs a third of handing each call to the thread pool and back. On disk,
  // where a call may wait on the disk, the thread pool it is.
  let made: { root: string; inMemory: boolean } | null = null;
  if (base !== fallback) {
    try {
      made = { root: makeWithFilesSync(task, base), inMemory: true };
    } catch {
      // No room, or gone: the system's temp folder below.
    }
  }
  made ??= { root: await makeWithFiles(task, fallback), inMemory: false };
  const { root, inMemory } = made;
  return {
    root,
    async readChecked() {
      const out: Record<string, string | null> = {};
      for (const relative of Object.keys(task.check.fileEquals ?? {})) {
        const file = path.join(root, relative);
        try {
          out[relative] = inMemory ? readFileSync(file, 'utf8') : await readFile(file, 'utf8');
        } catch {
          out[relative] = null;
        }
      }
      return out;
    },
    remove: inMemory ? async () => removeTreeSync(root) : () => rm(root, { recursive: true, force: true }),
  };
}

/** The base is realpath'd, so the new folder's path is real too (mkdtemp adds one plain folder). */
async function makeWithFiles(task: ProbeTask, base: string): Promise<string> {
  const root = await mkdtemp(path.join(base, 'taco-check-'));
  try {
    for (const [relative, file] of Object.entries(task.files)) {
      const target = path.join(root, relative);
      const folder = path.dirname(target);
      if (folder !== root) await mkdir(folder, { recursive: true });
      await writeFile(target, fileText(file), { mode: 0o600 });
    }
    return root;
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

/** makeWithFiles with synchronous calls, for a memory-backed base. */
function makeWithFilesSync(task: ProbeTask, base: string): string {
  const root = mkdtempSync(path.join(base, 'taco-check-'));
  try {
    for (const [relative, file] of Object.entries(task.files)) {
      const target = path.join(root, relative);
      const folder = path.dirname(target);
      if (folder !== root) mkdirSync(folder, { recursive: true });
      writeFileSync(target, fileText(file), { mode: 0o600 });
    }
    return root;
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Removes a folder in memory and everything in it, links as links (never followed): a listing with
 * types, an unlink per file, a removal per folder. Node's recursive rm also stats every entry and
 * first tries to remove each folder whole; the try's folder is removed after every try, on a fast
 * server a noticeable share of it. Anything unexpected (a folder the try made unreadable, an entry
 * gone meanwhile) is left to that recursive rm.
 */
export function removeTreeSync(folder: string): void {
  try {
    removeEntriesSync(folder);
  } catch {
    rmSync(folder, { recursive: true, force: true });
  }
}

function removeEntriesSync(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    if (entry.isDirectory()) removeEntriesSync(target);
    else unlinkSync(target);
  }
  rmdirSync(folder);
}

/** A generated file's text, made once per task file (the task is immutable data; a log is 1,500 lines). */
const generated = new WeakMap<Exclude<ProbeFile, string>, string>();

function fileText(file: ProbeFile): string {
  if (typeof file === 'string') return file;
  let text = generated.get(file);
  if (text === undefined) {
    text = probeFileText(file);
    generated.set(file, text);
  }
  return text;
}
