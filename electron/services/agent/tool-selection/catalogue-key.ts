import { createHash } from 'node:crypto';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';

/**
 * One key per catalogue version: the set of tool names with their descriptions and parameter
 * descriptions (what the index reads). The same tools in another order give the same key; a
 * changed description gives a new one.
 */
export function catalogueKey(definitions: readonly ToolDefinition[]): string {
  const entries = definitions.map((definition) => {
    const params = Object.entries(definition.function.parameters.properties).map(
      ([name, schema]) => `${name}:${typeof schema['description'] === 'string' ? schema['description'] : ''}`,
    );
    return `${definition.function.name}\u0000${definition.function.description}\u0000${params.join('\u0002')}`;
  });
  return textHash(entries.sort().join('\u0001'));
}

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
