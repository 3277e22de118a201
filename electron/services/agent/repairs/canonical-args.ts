import type { JsonValue } from '../../../../shared/json';

/** JSON with object keys sorted at every level, so `{b,a}` and `{a,b}` read the same. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The identity of a call for `repeated_call`: tool name plus canonical arguments. */
export function callKey(tool: string, args: JsonValue): string {
  return `${tool} ${canonicalJson(args)}`;
}
