import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadToolRegistry } from './tool-registry';
import { renderToolsMarkdown } from './tools-markdown';

describe('TOOLS.md', () => {
  it('matches the tool configs (run `npm run docs:tools` after changing a config)', async () => {
    const expected = renderToolsMarkdown(await loadToolRegistry());
    const actual = await readFile(new URL('../../TOOLS.md', import.meta.url), 'utf8');
    expect(actual, 'TOOLS.md is out of date: run `npm run docs:tools`').toBe(expected);
  });

  it('lists every tool with its type, risk, approval, parameters, returns and usage', async () => {
    const registry = await loadToolRegistry();
    const markdown = renderToolsMarkdown(registry);
    expect(markdown).toMatch(/do not edit/i);
    for (const { info } of registry.list()) expect(markdown).toContain(`### ${info.toolId}\n\n${info.description}`);
    expect(markdown).toContain('## files');
    expect(markdown).toContain('| `path` | string | yes | Path of the file, relative to the workspace folder, e.g. "src/main.py". |');
    expect(markdown).toContain('- Type: `non_function`');
    expect(markdown).toContain('- Risk: `shell`\n- Needs approval: yes');
    expect(markdown).toContain('Usage: Use read_file to look at a file');
    expect(markdown).toContain('Parameters: none.');
  });
});
