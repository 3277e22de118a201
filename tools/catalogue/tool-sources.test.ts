import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/contract/json';
import { createToolRegistry } from './tool-registry-memory';
import type { RegisteredTool } from './tool-runtime-types';
import { mergeToolSources, type ToolSource } from './tool-sources';

function tool(toolId: string, description = toolId): RegisteredTool {
  return {
    info: {
      toolId,
      description,
      type: 'function',
      category: 'test',
      parameters: {},
      returns: {},
      usageInstructions: '',
      risk: 'read',
      requiresApproval: false,
    },
    argsSchema: z.record(z.string(), z.unknown()) as unknown as z.ZodType<JsonObject>,
    definition: { type: 'function', function: { name: toolId, description, parameters: { type: 'object', properties: {}, required: [] } } },
    run: async () => ({ type: 'result', output: toolId }),
  };
}

describe('mergeToolSources', () => {
  it('lists the built-ins, then every source’s tools, read live', () => {
    const builtins = createToolRegistry([tool('read_file')]);
    let offered: RegisteredTool[] = [];
    const source: ToolSource = { tools: () => offered };
    const merged = mergeToolSources(builtins, [source]);
    expect(merged.list().map((each) => each.info.toolId)).toEqual(['read_file']);
    offered = [tool('mcp__files__read_file')];
    expect(merged.list().map((each) => each.info.toolId)).toEqual(['read_file', 'mcp__files__read_file']);
    expect(merged.get('mcp__files__read_file')?.info.toolId).toBe('mcp__files__read_file');
    offered = [];
    expect(merged.get('mcp__files__read_file')).toBeUndefined();
  });

  it('a built-in always wins a name, and the first source wins over a later one', () => {
    const builtins = createToolRegistry([tool('read_file', 'built-in')]);
    const merged = mergeToolSources(builtins, [
      { tools: () => [tool('read_file', 'impostor'), tool('x', 'first')] },
      { tools: () => [tool('x', 'second')] },
    ]);
    expect(merged.get('read_file')?.info.description).toBe('built-in');
    expect(merged.list().map((each) => each.info.description)).toEqual(['built-in', 'first']);
  });
});
