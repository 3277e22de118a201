import { readdir, readFile } from 'node:fs/promises';
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

/**
 * Every `*.json` in `root` and in its category folders one level down (`<root>/<category>/<id>.json`),
 * sorted. A folder that does not exist holds no workflows; a file that is not JSON is a source
 * with its reason, so the others still load.
 */
export async function readWorkflowFolder(root: string, displayRoot: string): Promise<WorkflowSource[]> {
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
  return Promise.all(
    relatives.map(async (relative): Promise<WorkflowSource> => {
      const file = `${displayRoot}/${relative}`;
      const expectedId = path.basename(relative, '.json');
      try {
        return { file, expectedId, ok: true, raw: JSON.parse(await readFile(path.join(root, relative), 'utf8')) as unknown };
      } catch (error) {
        return { file, expectedId, ok: false, message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
      }
    }),
  );
}

async function listEntries(folder: string): Promise<import('node:fs').Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
