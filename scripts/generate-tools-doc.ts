/**
 * Writes TOOLS.md at the repository root from the tool configs (`npm run docs:tools`).
 * With --check it writes nothing and exits 1 when TOOLS.md is out of date (for CI).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadToolRegistry } from '../tools/catalogue/tool-registry';
import { renderToolsMarkdown } from '../tools/catalogue/tools-markdown';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(repoRoot, 'TOOLS.md');

async function main(): Promise<number> {
  const markdown = renderToolsMarkdown(await loadToolRegistry());
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current === markdown) return 0;
    process.stderr.write('TOOLS.md is out of date. Run `npm run docs:tools` and commit the result.\n');
    return 1;
  }
  await writeFile(target, markdown, 'utf8');
  process.stdout.write(`Wrote ${path.relative(process.cwd(), target) || target}.\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
