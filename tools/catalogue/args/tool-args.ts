import type { JsonObject } from '../../../shared/contract/json';
import { ToolFailure } from '../tool-runtime-types';

/**
 * Reading arguments inside a tool. The loop has already checked them against the tool's
 * argsSchema; these keep a tool safe when it is called directly with anything else.
 */
export function stringArg(args: JsonObject, name: string): string {
  const value = args[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new ToolFailure(`The argument "${name}" is required and must be a string.`);
}

export function optionalStringArg(args: JsonObject, name: string): string | undefined {
  const value = args[name];
  return value === undefined || value === null ? undefined : stringArg(args, name);
}

export function optionalIntegerArg(args: JsonObject, name: string): number | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number === 'number' && Number.isInteger(number)) return number;
  throw new ToolFailure(`The argument "${name}" must be a whole number.`);
}

export function optionalBooleanArg(args: JsonObject, name: string): boolean | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  throw new ToolFailure(`The argument "${name}" must be true or false.`);
}

export function stringArrayArg(args: JsonObject, name: string, options: { required: boolean }): string[] {
  const value = args[name];
  if (value === undefined || value === null) {
    if (options.required) throw new ToolFailure(`The argument "${name}" is required: give a list of strings.`);
    return [];
  }
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    throw new ToolFailure(`The argument "${name}" must be a list of strings.`);
  });
}

/** Tool results are compact JSON objects whose fields the config's `returns` lists. */
export function jsonOutput(value: JsonObject): { type: 'result'; output: string } {
  return { type: 'result', output: JSON.stringify(value) };
}
