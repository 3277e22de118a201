import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogueFixture, sampleConfig, type CatalogueFixture } from './catalogue-fixture';
import { createToolRegistry, loadToolRegistry, ToolCatalogueError } from './tool-registry';
import { buildRegisteredTool } from './build-registered-tool';
import { toolConfigSchema } from './config/tool-config-schema';

let fixture: CatalogueFixture;
beforeEach(async () => {
  fixture = await createCatalogueFixture();
});
afterEach(async () => {
  await fixture.remove();
});

async function loadError(): Promise<ToolCatalogueError> {
  const error: unknown = await loadToolRegistry({ root: fixture.root }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ToolCatalogueError)) throw new Error(`expected a ToolCatalogueError, got ${String(error)}`);
  return error;
}

describe('loadToolRegistry', () => {
  it('registers a dropped-in config and implementation with nothing else to edit', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig());
    await fixture.writeImplementation(
      'utility',
      'echo_text',
      "export const run = async (args) => ({ type: 'result', output: String(args.text) });\n",
    );
    const registry = await loadToolRegistry({ root: fixture.root });
    const tool = registry.get('echo_text');
    expect(tool?.info).toMatchObject({ toolId: 'echo_text', category: 'utility', risk: 'read', requiresApproval: false });
    expect(tool?.definition.function.name).toBe('echo_text');
    expect(await tool?.run({ text: 'hi' }, {} as never)).toEqual({ type: 'result', output: 'hi' });
  });

  it('ignores helpers with a hyphen, tests, and folders starting with a dot or underscore', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig());
    await fixture.writeImplementation('utility', 'echo_text');
    await fixture.writeFile('utility/echo-helpers.ts', 'export const x = 1;\n');
    await fixture.writeFile('utility/echo_text.test.ts', 'throw new Error("never imported");\n');
    await fixture.writeFile('_fixtures/bad.json', '{');
    await fixture.writeFile('.hidden/bad.json', '{');
    const registry = await loadToolRegistry({ root: fixture.root });
    expect(registry.list().map((tool) => tool.info.toolId)).toEqual(['echo_text']);
  });

  it('sorts tools by category, then id', async () => {
    await fixture.writeConfig('web', 'b_tool', sampleConfig({ tool_id: 'b_tool', category: 'web' }));
    await fixture.writeImplementation('web', 'b_tool');
    await fixture.writeConfig('files', 'z_tool', sampleConfig({ tool_id: 'z_tool', category: 'files' }));
    await fixture.writeImplementation('files', 'z_tool');
    await fixture.writeConfig('files', 'a_tool', sampleConfig({ tool_id: 'a_tool', category: 'files' }));
    await fixture.writeImplementation('files', 'a_tool');
    const registry = await loadToolRegistry({ root: fixture.root });
    expect(registry.list().map((tool) => tool.info.toolId)).toEqual(['a_tool', 'z_tool', 'b_tool']);
  });

  it('stops with one error naming the file and the field of a mistyped parameter', async () => {
    await fixture.writeConfig(
      'files',
      'read_file',
      sampleConfig({ tool_id: 'read_file', category: 'files', parameters: { path: { type: 'text', description: 'p', required: true } } }),
    );
    await fixture.writeImplementation('files', 'read_file');
    const error = await loadError();
    expect(error.message).toContain(
      'tools/files/read_file.json: field "parameters.path.type": expected one of string, integer, number, boolean, array, object',
    );
    expect(error.problems).toHaveLength(1);
  });

  it('names a missing field', async () => {
    const config = sampleConfig();
    delete config.usage_instructions;
    await fixture.writeConfig('utility', 'echo_text', config);
    await fixture.writeImplementation('utility', 'echo_text');
    expect((await loadError()).message).toContain('tools/utility/echo_text.json: field "usage_instructions": is missing');
  });

  it('names a field of the wrong type', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig({ requires_approval: 'yes' }));
    await fixture.writeImplementation('utility', 'echo_text');
    expect((await loadError()).message).toContain('tools/utility/echo_text.json: field "requires_approval": expected boolean, got string');
  });

  it('refuses an unknown field, at the top and inside a parameter', async () => {
    await fixture.writeConfig(
      'utility',
      'echo_text',
      sampleConfig({ colour: 'red', parameters: { text: { type: 'string', description: 'd', required: true, minLength: 2 } } }),
    );
    await fixture.writeImplementation('utility', 'echo_text');
    const error = await loadError();
    expect(error.message).toContain('tools/utility/echo_text.json: field "colour": unknown field');
    expect(error.message).toContain('tools/utility/echo_text.json: field "parameters.text.minLength": unknown field');
  });

  it('refuses a tool_id that does not match the file name, and a category that does not match the folder', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig({ tool_id: 'echo', category: 'web' }));
    await fixture.writeImplementation('utility', 'echo_text');
    const error = await loadError();
    expect(error.message).toContain('tools/utility/echo_text.json: field "tool_id": is "echo" but the file is named "echo_text.json"');
    expect(error.message).toContain('tools/utility/echo_text.json: field "category": is "web" but the file is in the folder "utility"');
  });

  it('refuses a tool_id that is not snake_case', async () => {
    await fixture.writeConfig('utility', 'EchoText', sampleConfig({ tool_id: 'EchoText' }));
    await fixture.writeImplementation('utility', 'EchoText');
    expect((await loadError()).message).toContain('field "tool_id": must be snake_case');
  });

  it('refuses a config without an implementation', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig());
    expect((await loadError()).message).toContain(
      'tools/utility/echo_text.json: has no implementation: add tools/utility/echo_text.ts exporting `run`',
    );
  });

  it('refuses an implementation without a config', async () => {
    await fixture.writeImplementation('utility', 'orphan');
    expect((await loadError()).message).toContain('tools/utility/orphan.ts: has no config: add tools/utility/orphan.json');
  });

  it('refuses an implementation that does not export run', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig());
    await fixture.writeImplementation('utility', 'echo_text', 'export const go = () => 1;\n');
    expect((await loadError()).message).toContain('tools/utility/echo_text.ts: field "run": must export a function');
  });

  it('refuses an implementation that fails to load', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig());
    await fixture.writeImplementation('utility', 'echo_text', 'throw new Error("boom at import");\nexport const run = 1;\n');
    expect((await loadError()).message).toContain('tools/utility/echo_text.ts: could not be loaded: boom at import');
  });

  it('refuses a config that is not JSON', async () => {
    await fixture.writeFile('utility/echo_text.json', '{ "tool_id": ');
    await fixture.writeImplementation('utility', 'echo_text');
    expect((await loadError()).message).toContain('tools/utility/echo_text.json: is not valid JSON');
  });

  it('refuses the same tool_id in two categories', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig());
    await fixture.writeImplementation('utility', 'echo_text');
    await fixture.writeConfig('web', 'echo_text', sampleConfig({ category: 'web' }));
    await fixture.writeImplementation('web', 'echo_text');
    expect((await loadError()).message).toContain(
      'tools/web/echo_text.json: field "tool_id": "echo_text" is already defined by tools/utility/echo_text.json',
    );
  });

  it('gathers every problem of the catalogue into one error', async () => {
    await fixture.writeConfig('utility', 'echo_text', sampleConfig({ risk: 'dangerous' }));
    await fixture.writeImplementation('utility', 'echo_text');
    await fixture.writeConfig('web', 'lonely', sampleConfig({ tool_id: 'lonely', category: 'web' }));
    const error = await loadError();
    expect(error.problems.map((problem) => problem.file)).toEqual(['tools/utility/echo_text.json', 'tools/web/lonely.json']);
    expect(error.message).toMatch(/^2 problems in the tool catalogue:/);
    expect(error.message).toContain('field "risk": expected one of read, write, shell, network');
    expect(error.message).toContain('then start again');
  });

  it('reports a catalogue folder that cannot be read', async () => {
    const error: unknown = await loadToolRegistry({ root: `${fixture.root}/missing` }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ToolCatalogueError);
    expect(String(error)).toContain('the tool catalogue folder cannot be read');
  });
});

describe('createToolRegistry', () => {
  const tool = (toolId: string) =>
    buildRegisteredTool(toolConfigSchema.parse(sampleConfig({ tool_id: toolId })), {
      run: async () => ({ type: 'result', output: toolId }),
    });

  it('lists and finds tools in the given order', () => {
    const registry = createToolRegistry([tool('b_tool'), tool('a_tool')]);
    expect(registry.list().map((entry) => entry.info.toolId)).toEqual(['b_tool', 'a_tool']);
    expect(registry.get('a_tool')?.info.toolId).toBe('a_tool');
    expect(registry.get('nope')).toBeUndefined();
  });

  it('refuses the same id twice', () => {
    expect(() => createToolRegistry([tool('a_tool'), tool('a_tool')])).toThrow(ToolCatalogueError);
  });
});
