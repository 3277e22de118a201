import type { ToolDefinition } from '../../provider/provider-types';

/** Each definition's JSON length, by object: a tool's definition is built once and never changed. */
const charsOf = new WeakMap<ToolDefinition, number>();

function definitionChars(definition: ToolDefinition): number {
  let chars = charsOf.get(definition);
  if (chars === undefined) {
    chars = JSON.stringify(definition).length;
    charsOf.set(definition, chars);
  }
  return chars;
}

/**
 * `JSON.stringify(definitions).length`, without writing the JSON again on every request (the
 * window estimate asks for it several times a round, for the same few definitions): the brackets,
 * the commas between, and each definition's own JSON length, remembered per definition object.
 */
export function definitionsChars(definitions: readonly ToolDefinition[]): number {
  if (definitions.length === 0) return 2;
  let chars = 1 + definitions.length;
  for (const definition of definitions) chars += definitionChars(definition);
  return chars;
}
