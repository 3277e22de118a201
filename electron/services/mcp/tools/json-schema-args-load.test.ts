import { describe, expect, it } from 'vitest';
import { argsSchemaFromJsonSchema, loadArgsValidator } from './json-schema-args';

const schema = {
  type: 'object' as const,
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
};

describe('the MCP arguments validator loaded as an MCP connection loads it (loadArgsValidator, not at start)', () => {
  it('checks and coerces arguments as the validator made at first use does', async () => {
    await loadArgsValidator();
    await loadArgsValidator();
    const args = argsSchemaFromJsonSchema(schema);
    expect(args.safeParse({ a: '1', b: 2 })).toEqual({ success: true, data: { a: 1, b: 2 } });
    const missing = args.safeParse({ a: 1 });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path)).toEqual([['b']]);
  });
});
