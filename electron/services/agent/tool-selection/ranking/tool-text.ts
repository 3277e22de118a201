import type { ToolDefinition } from '../../../../../shared/tools/tool-definition';

/** `read_file` → "read file", `getUserProfile` → "get user profile", `git.log` → "git log". */
export function splitIdentifier(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.:/]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** The searchable fields of a tool, from the definition a request would carry. */
export interface ToolSearchFields {
  id: string;
  name: string;
  description: string;
  parameters: string;
}

/**
 * Name split into words (plus the id itself), description (with the tool's usage instructions when
 * it has them), and each parameter's name and description.
 */
export function toolSearchFields(definition: ToolDefinition, usage = ''): ToolSearchFields {
  const { name, description, parameters } = definition.function;
  const params = Object.entries(parameters.properties).map(([key, schema]) => {
    const text = typeof schema['description'] === 'string' ? schema['description'] : '';
    return `${splitIdentifier(key)} ${text}`;
  });
  return {
    id: name,
    name: `${splitIdentifier(name)} ${name}`,
    description: usage ? `${description}\n${usage}` : description,
    parameters: params.join('\n'),
  };
}

/** One text per tool for an embedding model: name words, description, parameter descriptions. */
export function embeddingText(definition: ToolDefinition): string {
  const fields = toolSearchFields(definition);
  const params = fields.parameters ? `\nParameters: ${fields.parameters.replace(/\n/g, '; ')}` : '';
  return `${splitIdentifier(fields.id)}: ${fields.description}${params}`;
}
