import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { probeTaskSchema, type ProbeTask } from '../../../shared/probe/probe-task';

/** The repository's `probes/` folder (three levels above electron/services/probe/). */
export const DEFAULT_PROBES_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../probes');

/** An inert tool from another app, offered beside the user's own in tasks with `distractors` (probes/distractors/). */
export interface DistractorSpec {
  id: string;
  description: string;
  /** Parameter name → description; the first one is required. */
  params: Record<string, string>;
}

const distractorFileSchema = z.object({
  note: z.string().optional(),
  tools: z
    .array(
      z.object({ id: z.string().regex(/^[a-z][a-z0-9_]*$/), description: z.string().min(1), params: z.record(z.string(), z.string()) }),
    )
    .min(1),
});

export interface ProbeLibrary {
  tasks: ProbeTask[];
  distractors: DistractorSpec[];
}

/**
 * The model check's tasks (`probes/tasks/*.json`, in file order) and distractor tools. In a bundle
 * Vite collects the files at build time through `import.meta.glob`; under tsx and vitest they are
 * read from disk. A bad file throws with its name and the field: the suite is part of the app.
 */
export async function loadProbeLibrary(root?: string): Promise<ProbeLibrary> {
  const files = (root === undefined ? bundledFiles() : null) ?? (await readProbeFiles(root ?? DEFAULT_PROBES_ROOT));
  const tasks: ProbeTask[] = [];
  const distractors: DistractorSpec[] = [];
  for (const [file, raw] of files) {
    const schema = file.startsWith('distractors/') ? distractorFileSchema : probeTaskSchema;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`probes/${file}: ${issue?.path.join('.') || 'file'} ${issue?.message ?? 'is not valid'}`);
    }
    if ('tools' in parsed.data) distractors.push(...parsed.data.tools);
    else tasks.push(parsed.data);
  }
  const ids = new Set<string>();
  for (const task of tasks) {
    if (ids.has(task.id)) throw new Error(`probes/tasks: the task id ${task.id} is used twice`);
    ids.add(task.id);
  }
  return { tasks, distractors };
}

function bundledFiles(): Array<[string, unknown]> | null {
  try {
    // Written out literally: Vite rewrites this call at build time.
    const files = import.meta.glob!('../../../probes/*/*.json', { eager: true, import: 'default' });
    return Object.entries(files)
      .map(([key, raw]): [string, unknown] => [key.replace(/^(\.\.\/)+probes\//, ''), raw])
      .sort(([a], [b]) => a.localeCompare(b));
  } catch {
    return null;
  }
}

async function readProbeFiles(root: string): Promise<Array<[string, unknown]>> {
  const out: Array<[string, unknown]> = [];
  for (const folder of ['distractors', 'tasks']) {
    const names = (await readdir(path.join(root, folder))).filter((name) => name.endsWith('.json')).sort();
    for (const name of names) {
      const text = await readFile(path.join(root, folder, name), 'utf8');
      try {
        out.push([`${folder}/${name}`, JSON.parse(text) as unknown]);
      } catch (error) {
        throw new Error(`probes/${folder}/${name} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return out;
}
