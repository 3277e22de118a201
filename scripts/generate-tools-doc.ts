/**
 * Writes TOOLS.md at the repository root from the tool configs (`npm run docs:tools`).
 * With --check it writes nothing and exits 1 when TOOLS.md is out of date (for CI).
 */
import path from 'node:path';
import { writeOrCheckDoc } from './generated-doc';
import { fileURLToPath } from 'node:url';
import { loadToolRegistry } from '../tools/catalogue/tool-registry';
import { renderToolsMarkdown } from '../tools/catalogue/tools-markdown';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(repoRoot, 'TOOLS.md');

async function main(): Promise<number> {
  const markdown = renderToolsMarkdown(await loadToolRegistry());
  return writeOrCheckDoc(target, markdown, 'npm run docs:tools');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
