import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { registryFromSources } from './tool-catalogue-assembly';
import { ToolCatalogueError, type CatalogueProblem } from './tool-catalogue-error';
import type { ToolRegistry } from './tool-runtime-types';

export { createToolRegistry } from './tool-registry-memory';
export { registryFromSources, type CatalogueSources } from './tool-catalogue-assembly';
export { ToolCatalogueError, type CatalogueProblem } from './tool-catalogue-error';

/** The tools folder: the parent of this catalogue infrastructure folder (tools/catalogue/). */
export const DEFAULT_TOOLS_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folder inside the tools root that holds the catalogue's own code, not a tool category. */
export const CATALOGUE_CODE_FOLDER = 'catalogue';

/**
 * Discovers every `<root>/<category>/<tool_id>.json` and its implementation `<tool_id>.ts`
 * beside it, loads the implementation with a dynamic import (works under vitest and tsx), and
 * builds the registry. Throws one ToolCatalogueError naming every bad file and field.
 *
 * In a category folder, a `.ts` file without a hyphen in its name is a tool implementation and
 * needs a config; helpers carry a hyphen (`workspace-path.ts`); `*.test.ts` files are skipped.
 */
export async function loadToolRegistry(options: { root?: string } = {}): Promise<ToolRegistry> {
  const root = path.resolve(options.root ?? DEFAULT_TOOLS_ROOT);
  const displayRoot = path.basename(root);
  const problems: CatalogueProblem[] = [];
  const configs: Record<string, unknown> = {};
  const moduleFiles: string[] = [];

  for (const category of await listCategoryFolders(root)) {
    const entries = await readdir(path.join(root, category), { withFileTypes: true });
    for (const entry of entries.filter((e) => e.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = `${category}/${entry.name}`;
      if (entry.name.endsWith('.json')) {
        const parsed = await readJson(path.join(root, relative));
        if (parsed.ok) configs[relative] = parsed.value;
        else problems.push({ file: `${displayRoot}/${relative}`, field: null, message: parsed.message });
      } else if (isImplementationFile(entry.name)) {
        moduleFiles.push(relative);
      }
    }
  }

  const modules: Record<string, unknown> = {};
  await Promise.all(
    moduleFiles.map(async (relative) => {
      try {
        modules[relative] = (await import(pathToFileURL(path.join(root, relative)).href)) as unknown;
      } catch (error) {
        problems.push({
          file: `${displayRoot}/${relative}`,
          field: null,
          message: `could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }),
  );

  return registryFromSources({ configs, modules, displayRoot, problems });
}

/** Tool implementations are `.ts` files without a hyphen; tests and declaration files are not. */
export function isImplementationFile(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') && !name.includes('-');
}

async function listCategoryFolders(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries
      .filter(
        (entry) =>
          entry.isDirectory() &&
          !entry.name.startsWith('.') &&
          !entry.name.startsWith('_') &&
          entry.name !== 'node_modules' &&
          entry.name !== CATALOGUE_CODE_FOLDER,
      )
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    throw new ToolCatalogueError([
      {
        file: root,
        field: null,
        message: `the tool catalogue folder cannot be read (${error instanceof Error ? error.message : String(error)})`,
      },
    ]);
  }
}

async function readJson(file: string): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  try {
    return { ok: true, value: JSON.parse(await readFile(file, 'utf8')) as unknown };
  } catch (error) {
    return { ok: false, message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}
