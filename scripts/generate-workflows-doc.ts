/**
 * Writes WORKFLOWS.md at the repository root from the built-in workflows (`npm run docs:workflows`).
 * With --check it writes nothing and exits 1 when WORKFLOWS.md is out of date.
 */
import path from 'node:path';
import { writeOrCheckDoc } from './generated-doc';
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
  return writeOrCheckDoc(target, markdown, 'npm run docs:workflows');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
