import { describe, expect, it } from 'vitest';
import type { ToolParameterInfo } from '../../../shared/tools/tool-info';
import { buildArgsSchema } from './tool-args-schema';

const parameters: Record<string, ToolParameterInfo> = {
  path: { type: 'string', description: 'Where.', required: true },
  count: { type: 'integer', description: 'How many.', required: false, default: 5 },
  ratio: { type: 'number', description: 'Ratio.', required: false },
  force: { type: 'boolean', description: 'Force.', required: false },
  mode: { type: 'string', description: 'Mode.', required: false, enum: ['read', 'write'] },
  tags: { type: 'array', description: 'Tags.', required: false, items: { type: 'string' } },
  sizes: { type: 'array', description: 'Sizes.', required: false, items: { type: 'integer' } },
  extra: { type: 'object', description: 'Extra.', required: false },
};
const schema = buildArgsSchema('demo_tool', parameters);

function messages(input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('buildArgsSchema', () => {
  it('accepts valid arguments and fills defaults of missing optional ones', () => {
    expect(schema.parse({ path: 'a.txt', mode: 'write', tags: ['x'], extra: { a: [1, null] } })).toEqual({
      path: 'a.txt',
      count: 5,
      mode: 'write',
      tags: ['x'],
      extra: { a: [1, null] },
    });
  });

  it('refuses a missing required argument, naming it and what it is for', () => {
    expect(messages({})).toEqual(['"path" is required (a string): Where.']);
  });

  it('refuses unknown arguments and says which ones the tool takes', () => {
    expect(messages({ path: 'a', colour: 'red' })[0]).toBe(
      'unknown argument "colour": demo_tool takes only "path", "count", "ratio", "force", "mode", "tags", "sizes", "extra"',
    );
  });

  it('refuses wrong types', () => {
    expect(messages({ path: ['a'] })).toEqual(['"path" must be a string']);
    expect(messages({ path: 'a', count: 2.5 })).toEqual(['"count" must be a whole number']);
    expect(messages({ path: 'a', count: 'many' })).toEqual(['"count" must be an integer']);
    expect(messages({ path: 'a', force: 'maybe' })).toEqual(['"force" must be true or false']);
    expect(messages({ path: 'a', extra: 'not json' })).toEqual(['"extra" must be a JSON object']);
    expect(messages({ path: 'a', sizes: ['x'] })).toEqual(['"sizes[]" must be an integer']);
  });

  it('refuses a value outside the enum', () => {
    expect(messages({ path: 'a', mode: 'delete' })).toEqual(['"mode" must be one of "read", "write"']);
  });

  it('coerces what small models commonly send', () => {
    expect(
      schema.parse({ path: 42, count: '7', ratio: ' 0.5 ', force: 'TRUE', mode: 'Write', tags: '["a","b"]', sizes: 3, extra: '{"k":1}' }),
    ).toEqual({
      path: '42',
      count: 7,
      ratio: 0.5,
      force: true,
      mode: 'write',
      tags: ['a', 'b'],
      sizes: [3],
      extra: { k: 1 },
    });
  });

  it('treats null as a left-out optional argument', () => {
    expect(schema.parse({ path: 'a', count: null, mode: null })).toEqual({ path: 'a', count: 5 });
  });

  it('takes no arguments as an empty object for a tool without parameters', () => {
    const none = buildArgsSchema('current_time', {});
    expect(none.parse(undefined)).toEqual({});
    expect(none.parse({})).toEqual({});
    expect(none.safeParse({ zone: 'UTC' }).error?.issues[0]?.message).toBe('unknown argument "zone": current_time takes no arguments');
  });

  it('refuses arguments that are not an object', () => {
    expect(messages('path=a')).toEqual(['the arguments of demo_tool must be a JSON object']);
  });
});
