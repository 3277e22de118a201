import { z } from 'zod';
import { PARAMETER_TYPES, TOOL_TYPES } from '../../../shared/tools/tool-info';
import { RISKS } from '../../../shared/settings/settings';

/** tool_id and parameter names: snake_case, as Ollama and small models expect. */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
/** Category folder names: lower case letters, digits, "_" and "-". */
export const CATEGORY_NAME = /^[a-z][a-z0-9_-]*$/;

const nonEmpty = z.string().trim().min(1, { error: 'must not be empty' });

const itemsSchema = z.strictObject({ type: z.enum(PARAMETER_TYPES) });

export const toolParameterSchema = z
  .strictObject({
    type: z.enum(PARAMETER_TYPES),
    description: nonEmpty,
    required: z.boolean(),
    enum: z.array(nonEmpty).min(1, { error: 'must list at least one value' }).optional(),
    default: z.union([z.string(), z.number(), z.boolean()]).optional(),
    items: itemsSchema.optional(),
  })
  .superRefine((parameter, ctx) => {
    if (parameter.enum !== undefined && parameter.type !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['enum'], message: 'only "string" parameters can have an enum' });
    }
    if (parameter.type === 'array' && parameter.items === undefined) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'an "array" parameter needs items, e.g. {"type": "string"}' });
    }
    if (parameter.type !== 'array' && parameter.items !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'only "array" parameters can have items' });
    }
    if (parameter.default === undefined) return;
    if (parameter.required) {
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: 'a required parameter cannot have a default; make it optional or drop the default',
      });
    }
    if (!defaultMatchesType(parameter.type, parameter.default)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: `must be ${parameter.type === 'integer' ? 'an' : 'a'} ${parameter.type} value, like the parameter`,
      });
    } else if (parameter.enum !== undefined && !parameter.enum.includes(String(parameter.default))) {
      ctx.addIssue({ code: 'custom', path: ['default'], message: `must be one of the enum values: ${parameter.enum.join(', ')}` });
    }
  });

function defaultMatchesType(type: (typeof PARAMETER_TYPES)[number], value: string | number | boolean): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
    case 'object':
      return false;
  }
}

/**
 * A tool's JSON config (`tools/<category>/<tool_id>.json`). Strict: unknown fields are refused.
 * `requires_approval` may be left out: it then defaults to true for write, shell and network risk.
 * The file checks (tool_id = file name, category = folder) are made by the loader.
 */
export const toolConfigSchema = z.strictObject({
  tool_id: z.string().regex(SNAKE_CASE, { error: 'must be snake_case, e.g. "read_file"' }),
  description: nonEmpty,
  type: z.enum(TOOL_TYPES),
  category: z.string().regex(CATEGORY_NAME, { error: 'must be lower case, e.g. "files"' }),
  parameters: z.record(z.string().regex(SNAKE_CASE, { error: 'parameter names must be snake_case' }), toolParameterSchema),
  returns: z.record(z.string().min(1), nonEmpty),
  usage_instructions: nonEmpty,
  risk: z.enum(RISKS),
  requires_approval: z.boolean().optional(),
});

export type ToolConfig = z.infer<typeof toolConfigSchema>;
export type ToolParameterConfig = z.infer<typeof toolParameterSchema>;

/** Risks that need the user's approval when a config does not say otherwise. */
export function defaultRequiresApproval(risk: ToolConfig['risk']): boolean {
  switch (risk) {
    case 'read':
      return false;
    case 'write':
    case 'shell':
    case 'network':
      return true;
  }
}
