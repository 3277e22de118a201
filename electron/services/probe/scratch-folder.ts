import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeFileText, type ProbeFile, type ProbeTask } from '../../../shared/probe/probe-task';

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
    const folder = path.dirname(target);
    if (folder !== root) await mkdir(folder, { recursive: true });
    await writeFile(target, fileText(file), { mode: 0o600 });
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
