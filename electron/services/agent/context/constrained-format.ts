import type { JsonObject } from '../../../../shared/contract/json';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';

/**
 * The prompt-based format, constrained: one JSON schema that is the union of one object per
 * offered tool (`{"tool": <its name>, "parameters": <its parameter schema>}`) and
 * `{"answer": string}`. Sent as Ollama's `format` and as OpenAI's `response_format` json_schema,
 * the server's grammar rules out a malformed call, an unknown tool name and a missing required
 * argument; the model still chooses between calling and answering. Descriptions are left out:
 * the grammar does not read them (the prompt lists the tools with theirs).
 */
export function constrainedReplySchema(definitions: readonly ToolDefinition[]): JsonObject {
  const calls = definitions.map((definition): JsonObject => ({
    type: 'object',
    properties: {
      tool: { type: 'string', enum: [definition.function.name] },
      parameters: withoutDescriptions(definition.function.parameters),
    },
    required: ['tool', 'parameters'],
    additionalProperties: false,
  }));
  const answer: JsonObject = {
    type: 'object',
    properties: { answer: { type: 'string' } },
    required: ['answer'],
    additionalProperties: false,
  };
  return { anyOf: [...calls, answer] };
}

/** The instructions that go with the constrained format (instead of "plain text without JSON"). */
export const CONSTRAINED_FORMAT_INSTRUCTIONS = [
  'Reply with ONLY one JSON object.',
  'To use a tool: {"tool": "tool_name", "parameters": { "param1": "value1" }}',
  'To answer the user: {"answer": "your answer, in plain text or markdown"}',
  'You get the result of the tool and can then call another tool or answer.',
].join('\n');

function withoutDescriptions(schema: unknown): JsonObject {
  return strip(schema) as JsonObject;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'description' || key === 'title' || key === 'examples') continue;
    // Inside "properties" every key is a parameter name (one may be called "description").
    out[key] =
      key === 'properties' && typeof inner === 'object' && inner !== null ? mapValues(inner as Record<string, unknown>) : strip(inner);
  }
  return out;
}

function mapValues(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, strip(schema)]));
}
