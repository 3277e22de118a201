import { describe, expect, it } from 'vitest';
import { sampleConfig } from '../catalogue-fixture';
import { validateToolConfig } from './validate-tool-config';

const location = { file: 'tools/utility/echo_text.json', toolId: 'echo_text', category: 'utility' };

function problems(raw: unknown): string[] {
  const result = validateToolConfig(raw, location);
  return result.ok ? [] : result.problems.map((problem) => `${problem.field ?? '-'}: ${problem.message}`);
}

function withParameter(parameter: Record<string, unknown>): Record<string, unknown> {
  return sampleConfig({ parameters: { value: { description: 'A value.', required: false, ...parameter } } });
}

describe('validateToolConfig', () => {
  it('accepts a valid config and leaves requires_approval optional', () => {
    const config = sampleConfig();
    delete config.requires_approval;
    const result = validateToolConfig(config, location);
    expect(result.ok).toBe(true);
  });

  it('refuses a config that is not an object', () => {
    expect(problems(['not', 'an', 'object'])).toEqual(['-: expected object, got array']);
  });

  it('names every missing required field', () => {
    expect(problems({})).toEqual(
      expect.arrayContaining([
        'tool_id: is missing (expected string)',
        'description: is missing (expected string)',
        'type: is missing (expected one of function, non_function, handoff, agent_as_tool, ask_user)',
        'parameters: is missing (expected object)',
        'risk: is missing (expected one of read, write, shell, network)',
      ]),
    );
  });

  it('refuses empty text', () => {
    expect(problems(sampleConfig({ description: '  ' }))).toEqual(['description: must not be empty']);
  });

  it('refuses an unknown tool type', () => {
    expect(problems(sampleConfig({ type: 'function_tool' }))).toEqual([
      'type: expected one of function, non_function, handoff, agent_as_tool, ask_user',
    ]);
  });

  it('refuses a parameter name that is not snake_case', () => {
    expect(problems(sampleConfig({ parameters: { 'file-path': { type: 'string', description: 'd', required: true } } }))[0]).toContain(
      'parameter names must be snake_case',
    );
  });

  it('refuses an enum on a parameter that is not a string', () => {
    expect(problems(withParameter({ type: 'integer', enum: ['1'] }))).toEqual([
      'parameters.value.enum: only "string" parameters can have an enum',
    ]);
  });

  it('requires items on arrays and refuses them elsewhere', () => {
    expect(problems(withParameter({ type: 'array' }))).toEqual([
      'parameters.value.items: an "array" parameter needs items, e.g. {"type": "string"}',
    ]);
    expect(problems(withParameter({ type: 'string', items: { type: 'string' } }))).toEqual([
      'parameters.value.items: only "array" parameters can have items',
    ]);
  });

  it('checks defaults against the type, the enum and required', () => {
    expect(problems(withParameter({ type: 'integer', default: 2.5 }))).toEqual([
      'parameters.value.default: must be an integer value, like the parameter',
    ]);
    expect(problems(withParameter({ type: 'string', enum: ['a', 'b'], default: 'c' }))).toEqual([
      'parameters.value.default: must be one of the enum values: a, b',
    ]);
    expect(problems(withParameter({ type: 'string', required: true, default: 'x' }))).toEqual([
      'parameters.value.default: a required parameter cannot have a default; make it optional or drop the default',
    ]);
    expect(problems(withParameter({ type: 'boolean', default: false }))).toEqual([]);
  });

  it('refuses a returns entry that is not a string', () => {
    expect(problems(sampleConfig({ returns: { text: 3 } }))).toEqual(['returns.text: expected string, got number']);
  });
});

describe('validateToolConfig field names', () => {
  it('names the parameter whose name or default is wrong', () => {
    expect(problems(sampleConfig({ parameters: { 'file-path': { type: 'string', description: 'd', required: true } } }))).toEqual([
      'parameters.file-path: parameter names must be snake_case',
    ]);
    expect(problems(withParameter({ type: 'string', default: ['a'] }))).toEqual([
      'parameters.value.default: expected a string, a number or true/false',
    ]);
  });
});
