/**
 * Reads the imports of every TypeScript file in the repository: static imports and exports,
 * `import()` and `vi.mock()`. Used by the dependency-rules test; knows nothing of the rules.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  /** The importing file, relative to the repository root, with forward slashes. */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** The imported file or folder relative to the root for a relative specifier; null for a package. */
  target: string | null;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist', '.git', 'test-results', 'playwright-report', 'screenshots', 'coverage']);
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\brequire\(\s*)(['"])([^'"\n]+)\1/g;

export function listSourceFiles(root: string, folder = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, folder))) {
    if (SKIPPED_FOLDERS.has(name) || name.startsWith('.')) continue;
    const relative = folder ? `${folder}/${name}` : name;
    if (statSync(path.join(root, relative)).isDirectory()) files.push(...listSourceFiles(root, relative));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) files.push(relative);
  }
  return files;
}

export function importsOf(file: string, source: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const specifier = match[2] ?? '';
    const target = specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : null;
    edges.push({ from: file, specifier, target });
  }
  return edges;
}

export function readImportGraph(root: string): ImportEdge[] {
  return listSourceFiles(root).flatMap((file) => importsOf(file, readFileSync(path.join(root, file), 'utf8')));
}
