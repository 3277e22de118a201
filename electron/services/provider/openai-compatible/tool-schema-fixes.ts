import type { ChatCompletionTool } from 'openai/resources/chat/completions';

/** What TACO does to one tool a server could not compile: its schema without what was refused, or the tool left out. */
export type ToolSchemaAction = 'sanitised' | 'dropped';

/**
 * llama.cpp compiles every tool's parameters into a grammar before it answers; one it cannot
 * compile fails the whole request with HTTP 400 "Unable to generate parser for this template.
 * Automatic parser generation failed: JSON schema conversion failed: …"
 * (common/json-schema-to-grammar.cpp; captured at 82bb48500a9a).
 */
const SCHEMA_COMPILE_FAILURE = /unable to generate parser for this template|json schema conversion failed/i;
/** An unanchored `pattern` (tool-schema-acceptance.json "pattern-unanchored"). */
const UNANCHORED_PATTERN = /pattern must start with '\^' and end with '\$'/i;
/** The sub-schema it could not read, quoted ("Unrecognized schema: {\"type\":\"nonsense\"}"). */
const UNRECOGNIZED_SCHEMA = /unrecognized schema:\s*(\{[\s\S]*\})\s*$/i;

export function isSchemaCompileFailure(detail: string): boolean {
  return SCHEMA_COMPILE_FAILURE.test(detail);
}

type Json = unknown;

/** Keywords whose value maps names to schemas (a property called "pattern" is a name there, not the keyword). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAnchored(pattern: string): boolean {
  return pattern.startsWith('^') && pattern.endsWith('$');
}

/** Every sub-schema of a schema, itself first. */
function* subSchemas(schema: Json): Generator<Record<string, Json>> {
  if (Array.isArray(schema)) {
    for (const item of schema) yield* subSchemas(item);
    return;
  }
  if (!isRecord(schema)) return;
  yield schema;
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isRecord(value)) for (const child of Object.values(value)) yield* subSchemas(child);
    else if (typeof value === 'object') yield* subSchemas(value);
  }
}

/** The schema without the constructs llama.cpp refuses: an unanchored `pattern` is dropped (TACO still checks the arguments itself). */
export function sanitiseSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(sanitiseSchema);
  if (!isRecord(schema)) return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pattern' && typeof value === 'string' && !isAnchored(value)) continue;
    if (SCHEMA_MAPS.has(key) && isRecord(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, sanitiseSchema(child)]));
    else out[key] = typeof value === 'object' ? sanitiseSchema(value) : value;
  }
  return out;
}

function sameJson(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The tools the server's words pin the failure on, and what to do with each: an unanchored
 * pattern is dropped from the schemas that have one; a sub-schema it quotes as unrecognised
 * leaves its tool out. Empty when the words pin it on no tool (the caller falls back to the
 * prompt-based format, as for a refused `tools`).
 */
export function pinRefusedTools(detail: string, tools: readonly ChatCompletionTool[]): { name: string; action: ToolSchemaAction }[] {
  const functions = tools.flatMap((tool) => (tool.type === 'function' ? [tool.function] : []));
  if (UNANCHORED_PATTERN.test(detail)) {
    return functions
      .filter((fn) => [...subSchemas(fn.parameters)].some((sub) => typeof sub.pattern === 'string' && !isAnchored(sub.pattern)))
      .map((fn) => ({ name: fn.name, action: 'sanitised' as const }));
  }
  const quoted = UNRECOGNIZED_SCHEMA.exec(detail)?.[1];
  if (quoted === undefined) return [];
  let refused: Json;
  try {
    refused = JSON.parse(quoted);
  } catch {
    return [];
  }
  return functions
    .filter((fn) => [...subSchemas(fn.parameters)].some((sub) => sameJson(sub, refused)))
    .map((fn) => ({ name: fn.name, action: 'dropped' as const }));
}

/** The tools as this server can take them: each refused one sanitised or left out, as remembered. */
export function applySchemaFixes(
  tools: ChatCompletionTool[],
  fixes: ReadonlyMap<string, ToolSchemaAction> | undefined,
): ChatCompletionTool[] {
  if (!fixes || fixes.size === 0) return tools;
  return tools.flatMap((tool): ChatCompletionTool[] => {
    if (tool.type !== 'function') return [tool];
    const action = fixes.get(tool.function.name);
    if (action === 'dropped') return [];
    if (action === 'sanitised')
      return [
        {
          ...tool,
          function: { ...tool.function, parameters: sanitiseSchema(tool.function.parameters) as typeof tool.function.parameters },
        },
      ];
    return [tool];
  });
}
