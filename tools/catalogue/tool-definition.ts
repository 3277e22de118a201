import type { JsonObject } from '../../shared/contract/json';
import type { ToolInfo, ToolParameterInfo } from '../../shared/tools/tool-info';
import type { ToolDefinition } from '../../shared/tools/tool-definition';

/** The Ollama `tools` entry (JSON Schema parameters) for a catalogue entry. */
export function buildToolDefinition(info: ToolInfo): ToolDefinition {
  const properties: Record<string, JsonObject> = {};
  for (const [name, parameter] of Object.entries(info.parameters)) {
    properties[name] = parameterJsonSchema(parameter);
  }
  return {
    type: 'function',
    function: {
      name: info.toolId,
      description: info.description,
      parameters: {
        type: 'object',
        properties,
        required: Object.entries(info.parameters)
          .filter(([, parameter]) => parameter.required)
          .map(([name]) => name),
      },
    },
  };
}

function parameterJsonSchema(parameter: ToolParameterInfo): JsonObject {
  const schema: JsonObject = { type: parameter.type, description: parameter.description };
  if (parameter.enum !== undefined) schema.enum = [...parameter.enum];
  if (parameter.default !== undefined) schema.default = parameter.default;
  if (parameter.items !== undefined) schema.items = { type: parameter.items.type };
  return schema;
}
