import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';
import type { JsonObject } from '../../../../shared/contract/json';
import { PARAMETER_TYPES, type ParameterType, type ToolParameterInfo } from '../../../../shared/tools/tool-info';

type AjvModule = typeof import('ajv/dist/2020.js');

/**
 * One validator for every MCP tool schema: drafts 07 and 2020-12, numbers and booleans the model
 * sent as strings coerced. Neither ajv's code nor its meta-schemas load with TACO: an MCP
 * connection loads them (`loadArgsValidator`) while its server starts, beside the SDK, so a start
 * with or without MCP servers does not evaluate ajv (~50 ms of a cold start when it was made at
 * load, ~15 ms when only its modules were). A schema asked for before that (tests, a caller that
 * did not load it) loads ajv synchronously from node_modules.
 */
let shared: Ajv2020 | null = null;
const make = (module: AjvModule): Ajv2020 =>
  new module.Ajv2020({ strict: false, allErrors: true, coerceTypes: true, validateSchema: false, validateFormats: false });
const ajv = (): Ajv2020 => (shared ??= make(createRequire(import.meta.url)('ajv/dist/2020.js') as AjvModule));

/** Loads ajv and makes the validator, once; MCP connections await it before their tools are adapted. */
export async function loadArgsValidator(): Promise<void> {
  if (shared) return;
  const module = await import('ajv/dist/2020.js');
  shared ??= make(module);
}

export type ToolInputSchema = { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;

/**
 * The zod schema the loop checks arguments with, made from the server's JSON Schema and checked
 * by ajv (never by hand): issues carry the parameter as their path, so the one-retry guidance
 * of the built-ins (invalidArgumentsMessage) names the parameter. A schema ajv cannot compile
 * accepts any object (the server checks it) rather than making the tool unusable.
 */
export function argsSchemaFromJsonSchema(schema: ToolInputSchema): z.ZodType<JsonObject> {
  const validate = compile(schema);
  return z.record(z.string(), z.unknown()).transform((value, ctx) => {
    if (!validate) return value as JsonObject;
    const copy = structuredClone(value);
    if (validate(copy)) return copy as JsonObject;
    for (const error of validate.errors ?? []) ctx.addIssue({ code: 'custom', path: issuePath(error), message: issueMessage(error) });
    return z.NEVER;
  }) as unknown as z.ZodType<JsonObject>;
}

function compile(schema: ToolInputSchema): ValidateFunction | null {
  const { $schema: _ignored, ...rest } = schema;
  try {
    return ajv().compile(rest);
  } catch {
    return null;
  }
}

function issuePath(error: ErrorObject): string[] {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') path.push(error.params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string')
    path.push(error.params.additionalProperty);
  return path;
}

function issueMessage(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'not a parameter of this tool';
  return error.message ?? 'is not valid';
}

/** The catalogue's view of the parameters (the renderer, /tool and the retry guidance show these). */
export function parametersFromJsonSchema(schema: ToolInputSchema): Record<string, ToolParameterInfo> {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const parameters: Record<string, ToolParameterInfo> = {};
  for (const [name, raw] of Object.entries(isRecord(schema.properties) ? schema.properties : {})) {
    const property = isRecord(raw) ? raw : {};
    const info: ToolParameterInfo = {
      type: parameterType(property),
      description: typeof property.description === 'string' ? property.description : '',
      required: required.has(name),
    };
    const values = Array.isArray(property.enum) ? property.enum.filter((value): value is string => typeof value === 'string') : [];
    if (values.length > 0) info.enum = values;
    const fallback = property.default;
    if (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean') info.default = fallback;
    if (info.type === 'array' && isRecord(property.items)) info.items = { type: parameterType(property.items) };
    parameters[name] = info;
  }
  return parameters;
}

function parameterType(property: Record<string, unknown>): ParameterType {
  const declared = Array.isArray(property.type) ? property.type.find((type) => type !== 'null') : property.type;
  if (typeof declared === 'string' && (PARAMETER_TYPES as readonly string[]).includes(declared)) return declared as ParameterType;
  if (isRecord(property.properties)) return 'object';
  if (isRecord(property.items)) return 'array';
  return 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
