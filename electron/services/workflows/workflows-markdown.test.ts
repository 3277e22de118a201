import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadToolRegistry } from '../../../tools/catalogue/tool-registry';
import { createWorkflowLibrary } from './workflow-library';
import { renderWorkflowsMarkdown } from './workflows-markdown';

describe('WORKFLOWS.md', () => {
  it('matches the built-in workflow definitions', async () => {
    const tools = await loadToolRegistry();
    const library = createWorkflowLibrary({ userDir: null, knownTools: new Set(tools.list().map((tool) => tool.info.toolId)) });
    const listed = await library.list();
    expect(listed.problems).toEqual([]);
    const expected = renderWorkflowsMarkdown(listed.categories);
    expect(expected).toContain('### summarise_file');
    const actual = await readFile(new URL('../../../WORKFLOWS.md', import.meta.url), 'utf8');
    expect(actual, 'WORKFLOWS.md is out of date: run `npm run docs:workflows`').toBe(expected);
  });
});
