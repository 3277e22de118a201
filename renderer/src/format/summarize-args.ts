import type { JsonObject, JsonValue } from '../../../shared/contract/json';

function summarizeValue(value: JsonValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (value !== null && typeof value === 'object') return '{…}';
  return String(value);
}

/** One line for a tool row: `path: "src/a.ts", limit: 20`, cut to `max` characters. */
export function summarizeArgs(args: JsonObject, max = 80): string {
  const text = Object.entries(args)
    .map(([key, value]) => `${key}: ${summarizeValue(value)}`)
    .join(', ')
    .replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Full arguments for the expanded view. */
export function formatArgs(args: JsonObject): string {
  return JSON.stringify(args, null, 2);
}
