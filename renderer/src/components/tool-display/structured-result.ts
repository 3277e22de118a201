import type { JsonValue } from '../../../../shared/contract/json';

/**
 * How a tool's result text is best shown: a table (a list of flat records), fields (one record),
 * or text. Tool output is untrusted: this only decides the shape; the view renders every value as
 * plain text.
 */
export type ResultShape =
  | { type: 'table'; columns: string[]; rows: Array<Record<string, string>>; more: number }
  | { type: 'fields'; fields: Array<{ name: string; value: string; multiline: boolean }> }
  | { type: 'text'; text: string };

/** Rows and columns a table shows at most; beyond them the raw text is one click away. */
export const RESULT_TABLE_LIMITS = { rows: 200, columns: 8 } as const;

function parseJson(text: string): JsonValue | undefined {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"'))) return undefined;
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    return undefined;
  }
}

function isRecord(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as text: strings as they are (their \n become line breaks), anything nested as indented JSON. */
export function valueText(value: JsonValue): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value, null, 2);
}

function isFlat(value: JsonValue): boolean {
  return value === null || typeof value !== 'object';
}

export function resultShape(text: string): ResultShape {
  const parsed = parseJson(text);
  if (parsed === undefined) return { type: 'text', text };
  if (typeof parsed === 'string') return { type: 'text', text: parsed };
  if (Array.isArray(parsed)) {
    const records = parsed.filter(isRecord);
    if (records.length === parsed.length && records.length > 0 && records.every((record) => Object.values(record).every(isFlat))) {
      const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
      if (columns.length <= RESULT_TABLE_LIMITS.columns) {
        const shown = records.slice(0, RESULT_TABLE_LIMITS.rows);
        const rows = shown.map((record) =>
          Object.fromEntries(columns.map((column) => [column, column in record ? valueText(record[column]!) : ''])),
        );
        return { type: 'table', columns, rows, more: records.length - shown.length };
      }
    }
    return { type: 'text', text: JSON.stringify(parsed, null, 2) };
  }
  if (isRecord(parsed)) {
    const fields = Object.entries(parsed).map(([name, value]) => {
      const shown = valueText(value);
      return { name, value: shown, multiline: shown.includes('\n') || shown.length > 80 };
    });
    return fields.length > 0 ? { type: 'fields', fields } : { type: 'text', text: '{}' };
  }
  return { type: 'text', text: String(parsed) };
}
