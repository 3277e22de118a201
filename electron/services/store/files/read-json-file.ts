import { readFile } from 'node:fs/promises';

export type JsonFileRead = { type: 'missing' } | { type: 'unparsable' } | { type: 'json'; value: unknown };

/** Reads a JSON file without throwing for the two cases a tolerant reader handles: absent, or not JSON. */
export async function readJsonFile(path: string): Promise<JsonFileRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { type: 'missing' };
    throw error;
  }
  return parseJsonText(text);
}

/** The JSON in `text`, or unparsable. */
export function parseJsonText(text: string): Exclude<JsonFileRead, { type: 'missing' }> {
  try {
    return { type: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { type: 'unparsable' };
  }
}
