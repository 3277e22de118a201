/**
 * The light coercion small models need before arguments are checked. Each function returns its
 * input unchanged when it does not apply, so the schema still refuses what is really wrong.
 *
 * - string:  a number or boolean becomes its text ("5" for 5).
 * - enum:    a value differing only in letter case becomes the listed value ("Read" -> "read").
 * - integer / number: a numeric string becomes the number ("5" -> 5, " 2.5 " -> 2.5).
 * - boolean: "true" / "false" (any case) become true / false.
 * - array:   a JSON array in a string is parsed; any other single value becomes a one-item array.
 * - object:  a JSON object in a string is parsed.
 */

export function coerceString(input: unknown): unknown {
  return typeof input === 'number' || typeof input === 'boolean' ? String(input) : input;
}

export function matchEnum(input: unknown, values: readonly string[]): unknown {
  if (typeof input !== 'string' || values.includes(input)) return input;
  const wanted = input.trim().toLowerCase();
  return values.find((value) => value.toLowerCase() === wanted) ?? input;
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

export function coerceNumber(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const text = input.trim();
  return NUMERIC.test(text) ? Number(text) : input;
}

export function coerceBoolean(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const text = input.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  return input;
}

export function coerceArray(input: unknown): unknown {
  if (input === undefined || input === null || Array.isArray(input)) return input;
  if (typeof input === 'string') {
    const parsed = parseJson(input.trim());
    if (Array.isArray(parsed)) return parsed;
  }
  return [input];
}

export function coerceObject(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const parsed = parseJson(input.trim());
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : input;
}

function parseJson(text: string): unknown {
  if (!text.startsWith('[') && !text.startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
