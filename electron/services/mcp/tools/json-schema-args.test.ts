import { describe, expect, it } from 'vitest';
import { invalidArgumentsMessage } from '../../agent/repairs/tool-call-repair';
import { adaptServerTools } from './mcp-tool-adapter';

const schema = {
  type: 'object',
  properties: {
    a: { type: 'number', description: 'First number' },
    b: { type: 'number', description: 'Second number' },
    mode: { type: 'string', enum: ['fast', 'exact'], default: 'fast' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['a', 'b'],
  additionalProperties: false,
  $schema: 'http://json-schema.org/draft-07/schema#',
};

function sumTool() {
  const adapted = adaptServerTools([{ name: 'get-sum', description: 'Adds two numbers.', inputSchema: schema as never }], {
    server: 'calc',
    location: 'test-location',
    approval: 'ask',
    disabledTools: new Set(),
    call: async () => ({ content: [] }),
    emit: () => undefined,
    now: () => 0,
  });
  const tool = adapted.registered[0];
  if (!tool) throw new Error('not adapted');
  return tool;
}

describe('MCP tool arguments (ajv against the server’s JSON Schema)', () => {
  it('describes the parameters for the catalogue and the model', () => {
    const tool = sumTool();
    expect(tool.info.parameters).toEqual({
      a: { type: 'number', description: 'First number', required: true },
      b: { type: 'number', description: 'Second number', required: true },
      mode: { type: 'string', description: '', required: false, enum: ['fast', 'exact'], default: 'fast' },
      tags: { type: 'array', description: '', required: false, items: { type: 'string' } },
    });
    expect(tool.definition.function.parameters.required).toEqual(['a', 'b']);
  });

  it('coerces what small models send as strings, and gives the built-ins’ one-retry guidance for the rest', () => {
    const tool = sumTool();
    expect(tool.argsSchema.parse({ a: '2', b: 3 })).toEqual({ a: 2, b: 3 });
    const args = { a: 'two', extra: true };
    const parsed = tool.argsSchema.safeParse(args);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const message = invalidArgumentsMessage(tool, args, parsed.error);
    expect(message).toContain('The arguments for mcp__calc__get-sum are not valid:');
    expect(message).toContain('- "a" (number, required): wrong value (must be number). First number');
    expect(message).toContain('- "b" (number, required): missing. Second number');
    expect(message).toContain('- "extra": not a parameter of this tool.');
    expect(message).toContain('Call mcp__calc__get-sum again with corrected arguments.');
  });
});
