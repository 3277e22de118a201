/**
 * Writes WORKFLOWS.md at the repository root from the built-in workflows (`npm run docs:workflows`).
 * With --check it writes nothing and exits 1 when WORKFLOWS.md is out of date.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatWorkflowProblem } from '../shared/workflows/workflow';
import { loadToolRegistry } from '../tools/catalogue/tool-registry';
import { createWorkflowLibrary } from '../electron/services/workflows/workflow-library';
import { renderWorkflowsMarkdown } from '../electron/services/workflows/workflows-markdown';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(repoRoot, 'WORKFLOWS.md');

async function main(): Promise<number> {
  const tools = await loadToolRegistry();
  const library = createWorkflowLibrary({ userDir: null, knownTools: new Set(tools.list().map((tool) => tool.info.toolId)) });
  const listed = await library.list();
  if (listed.problems.length > 0) {
    process.stderr.write(`${listed.problems.map(formatWorkflowProblem).join('\n')}\n`);
    return 1;
  }
  const markdown = renderWorkflowsMarkdown(listed.categories);
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current === markdown) return 0;
    process.stderr.write('WORKFLOWS.md is out of date. Run `npm run docs:workflows` and commit the result.\n');
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
