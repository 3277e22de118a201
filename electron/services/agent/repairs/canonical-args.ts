import { stableJson, type JsonValue } from '../../../../shared/contract/json';

/** JSON with object keys sorted at every level, so `{b,a}` and `{a,b}` read the same. */
export function canonicalJson(value: JsonValue): string {
  return stableJson(value);
}

/** The identity of a call for `repeated_call`: tool name plus canonical arguments. */
export function callKey(tool: string, args: JsonValue): string {
  return `${tool} ${canonicalJson(args)}`;
}
