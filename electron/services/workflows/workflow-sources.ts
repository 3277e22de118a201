import { readdir, readFile, stat } from 'node:fs/promises';
import { DEFAULTS } from '../../../shared/constants';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A workflow file as read: where it is shown as being, and its parsed JSON (or why it is not JSON). */
export type WorkflowSource = { file: string; expectedId: string } & ({ ok: true; raw: unknown } | { ok: false; message: string });

/** The repository's `workflows/` folder (three levels above electron/services/workflows/). */
export const DEFAULT_BUILTIN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../workflows');

/**
 * The built-in workflows. In a bundle (electron-vite) there is no folder to read at run time, so
 * Vite collects the files at build time through `import.meta.glob`; under tsx and vitest they are
 * read from disk.
 */
export async function builtinWorkflowSources(root?: string): Promise<WorkflowSource[]> {
  if (root === undefined) {
    const bundled = bundledSources();
    if (bundled) return bundled;
  }
  return readWorkflowFolder(root ?? DEFAULT_BUILTIN_ROOT, 'workflows');
}

function bundledSources(): WorkflowSource[] | null {
  try {
    // Written out literally: Vite rewrites this call at build time.
    const files = import.meta.glob!('../../../workflows/*/*.json', { eager: true, import: 'default' });
    return Object.entries(files)
      .map(([key, raw]) => {
        const file = key.replace(/^(\.\.\/)+/, '');
        return { file, expectedId: path.basename(file, '.json'), ok: true as const, raw };
      })
      .sort((a, b) => a.file.localeCompare(b.file));
  } catch {
    return null;
  }
}

/** What a file held the last time it was read, keyed by its path; reused while its size and mtime stay the same. */
export type WorkflowFileCache = Map<string, { mtimeMs: number; size: number; source: WorkflowSource }>;

/**
 * Every `*.json` in `root` and in its category folders one level down (`<root>/<category>/<id>.json`),
 * sorted. A folder that does not exist holds no workflows; a file that is not JSON (or is larger
 * than DEFAULTS.workflows.maxFileBytes) is a source with its reason, so the others still load.
 * With a `cache`, a file whose size and mtime did not change is not read again.
 */
export async function readWorkflowFolder(root: string, displayRoot: string, cache?: WorkflowFileCache): Promise<WorkflowSource[]> {
  const relatives: string[] = [];
  for (const entry of await listEntries(root)) {
    if (entry.isFile() && entry.name.endsWith('.json')) relatives.push(entry.name);
    else if (entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_')) {
      for (const inner of await listEntries(path.join(root, entry.name))) {
        if (inner.isFile() && inner.name.endsWith('.json')) relatives.push(`${entry.name}/${inner.name}`);
      }
    }
  }
  relatives.sort();
  const sources = await Promise.all(
    relatives.map(async (relative): Promise<WorkflowSource> => {
      const file = `${displayRoot}/${relative}`;
      const expectedId = path.basename(relative, '.json');
      const full = path.join(root, relative);
      try {
        const { mtimeMs, size } = await stat(full);
        const cached = cache?.get(full);
        if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.source;
        const source = await parseWorkflowFile(full, file, expectedId, size);
        cache?.set(full, { mtimeMs, size, source });
        return source;
      } catch (error) {
        return { file, expectedId, ok: false, message: `cannot be read (${error instanceof Error ? error.message : String(error)})` };
      }
    }),
  );
  if (cache) {
    const present = new Set(relatives.map((relative) => path.join(root, relative)));
    for (const key of cache.keys()) if (!present.has(key)) cache.delete(key);
  }
  return sources;
}

async function parseWorkflowFile(full: string, file: string, expectedId: string, size: number): Promise<WorkflowSource> {
  const limit = DEFAULTS.workflows.maxFileBytes;
  if (size > limit) return { file, expectedId, ok: false, message: `is ${size} bytes, more than the ${limit} a workflow file may have` };
  try {
    return { file, expectedId, ok: true, raw: JSON.parse(await readFile(full, 'utf8')) as unknown };
  } catch (error) {
    return { file, expectedId, ok: false, message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

async function listEntries(folder: string): Promise<import('node:fs').Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
