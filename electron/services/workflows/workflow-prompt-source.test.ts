import { describe, expect, it } from 'vitest';
import { createWorkflowLibrary } from './workflow-library';
import {
  MCP_PROMPT_MARKER,
  promptWorkflows,
  renderMcpPrompt,
  type McpPromptInfo,
  type WorkflowPromptSource,
} from './workflow-prompt-source';

/** An in-memory MCP prompt source, shaped like server-everything's prompts. */
function memorySource(prompts: McpPromptInfo[]): WorkflowPromptSource & { calls: Array<[string, string, Record<string, string>]> } {
  const calls: Array<[string, string, Record<string, string>]> = [];
  return {
    calls,
    listPrompts: () => Promise.resolve(prompts),
    getPrompt(server, name, args) {
      calls.push([server, name, args]);
      return Promise.resolve(`${name} with ${JSON.stringify(args)}`);
    },
  };
}

const prompts: McpPromptInfo[] = [
  { server: 'everything', name: 'simple_prompt', description: 'A prompt without arguments', arguments: [] },
  {
    server: 'everything',
    name: 'complex_prompt',
    description: 'A prompt with arguments',
    arguments: [
      { name: 'temperature', description: 'Temperature setting', required: true },
      { name: 'style', description: 'Output style', required: false },
    ],
  },
  { server: 'docs', name: 'Summarise Page', arguments: [{ name: 'pageUrl', required: true }] },
];

describe('MCP prompts as workflows', () => {
  it('each prompt is a one-step prompt workflow under "MCP · <server>", its arguments a form', async () => {
    const { workflows, problems } = await promptWorkflows(memorySource(prompts));
    expect(problems).toEqual([]);
    const complex = workflows.find((info) => info.definition.name === 'complex_prompt');
    expect(complex).toMatchObject({
      origin: 'mcp',
      definition: {
        id: 'mcp__everything__complex_prompt',
        category: 'MCP · everything',
        description: 'A prompt with arguments',
        params: [
          { name: 'temperature', label: 'temperature', type: 'text', required: true, help: 'Temperature setting' },
          { name: 'style', label: 'style', type: 'text', required: false },
        ],
        steps: [{ type: 'prompt', prompt: MCP_PROMPT_MARKER }],
      },
    });
    expect(workflows.find((info) => info.definition.category === 'MCP · docs')?.definition).toMatchObject({
      id: 'mcp__docs__summarise_page',
      params: [{ name: 'page_url', label: 'pageUrl' }],
    });
  });

  it('the library lists them grouped by server, beside the built-ins', async () => {
    const library = createWorkflowLibrary({ userDir: null, promptSources: [memorySource(prompts)] });
    const listed = await library.list();
    const categories = listed.categories.map((group) => group.category);
    expect(categories).toEqual(expect.arrayContaining(['MCP · everything', 'MCP · docs', 'Files']));
  });

  it('running one asks the server for the prompt with the form values under their MCP names', async () => {
    const source = memorySource(prompts);
    const { workflows } = await promptWorkflows(source);
    const docs = workflows.find((info) => info.definition.id === 'mcp__docs__summarise_page');
    if (!docs) throw new Error('missing');
    await expect(renderMcpPrompt(source, docs, { page_url: 'https://example.com' })).resolves.toBe(
      'Summarise Page with {"pageUrl":"https://example.com"}',
    );
    expect(source.calls).toEqual([['docs', 'Summarise Page', { pageUrl: 'https://example.com' }]]);
  });

  it('a source that fails to list is a problem, not a crash', async () => {
    const failing: WorkflowPromptSource = {
      listPrompts: () => Promise.reject(new Error('server down')),
      getPrompt: () => Promise.resolve(''),
    };
    const listed = await createWorkflowLibrary({ userDir: null, promptSources: [failing] }).list();
    expect(listed.problems).toEqual([expect.objectContaining({ message: expect.stringContaining('server down') })]);
    expect(listed.categories.length).toBeGreaterThan(0);
  });
});
