import { z } from 'zod';
import type { JsonObject, JsonValue } from '../../../shared/contract/json';
import type { ToolParameterInfo } from '../../../shared/tools/tool-info';
import { coerceArray, coerceBoolean, coerceNumber, coerceObject, coerceString, matchEnum } from './tool-args-coercion';

/**
 * Builds the zod schema the loop checks a tool call's arguments with. Missing required arguments,
 * wrong types, values outside an enum and unknown arguments are refused with messages that name
 * the argument. Light coercion for small models (see tool-args-coercion.ts) happens first;
 * optional arguments left out (or sent as null) get the config's default, if it has one.
 */
export function buildArgsSchema(toolId: string, parameters: Record<string, ToolParameterInfo>): z.ZodType<JsonObject> {
  const names = Object.keys(parameters);
  const shape: Record<string, z.ZodType<JsonValue | undefined>> = {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const value = valueSchema(name, parameter);
    shape[name] = parameter.required ? value : z.preprocess((input) => (input === null ? undefined : input), value.optional());
  }
  const object = z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const taken = names.length === 0 ? 'no arguments' : `only ${names.map((n) => `"${n}"`).join(', ')}`;
        return `unknown argument${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')}: ${toolId} takes ${taken}`;
      }
      return `the arguments of ${toolId} must be a JSON object`;
    },
  });
  return z
    .preprocess((input) => (input === null || input === undefined ? {} : input), object)
    .transform((parsed): JsonObject => {
      const args: JsonObject = {};
      for (const [name, parameter] of Object.entries(parameters)) {
        const value = parsed[name];
        if (value !== undefined) args[name] = value;
        else if (parameter.default !== undefined) args[name] = parameter.default;
      }
      return args;
    });
}

function valueSchema(name: string, parameter: ToolParameterInfo): z.ZodType<JsonValue> {
  const problem = (expected: string) => (issue: { input?: unknown }) =>
    issue.input === undefined ? `"${name}" is required (${expected}): ${parameter.description}` : `"${name}" must be ${expected}`;
  switch (parameter.type) {
    case 'string': {
      const values = parameter.enum;
      if (values !== undefined && values.length > 0) {
        const expected = `one of ${values.map((v) => `"${v}"`).join(', ')}`;
        return z.preprocess(
          (input) => matchEnum(coerceString(input), values),
          z.string({ error: problem(expected) }).refine((v) => values.includes(v), { error: `"${name}" must be ${expected}` }),
        );
      }
      return z.preprocess(coerceString, z.string({ error: problem('a string') }));
    }
    case 'integer':
      return z.preprocess(coerceNumber, z.number({ error: problem('an integer') }).int({ error: `"${name}" must be a whole number` }));
    case 'number':
      return z.preprocess(coerceNumber, z.number({ error: problem('a number') }));
    case 'boolean':
      return z.preprocess(coerceBoolean, z.boolean({ error: problem('true or false') }));
    case 'array': {
      const items = parameter.items ?? { type: 'string' };
      const item = valueSchema(`${name}[]`, { type: items.type, description: parameter.description, required: true });
      return z.preprocess(coerceArray, z.array(item, { error: problem(`an array of ${items.type} values`) }));
    }
    case 'object':
      return z.preprocess(coerceObject, z.record(z.string(), z.json(), { error: problem('a JSON object') }));
  }
}
