import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../provider/provider-types';
import { definitionsChars } from './definition-chars';

function definition(name: string, description: string, params: Record<string, string> = {}): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      description,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(params).map(([key, text]) => [key, { type: 'string', description: text }])),
        required: Object.keys(params),
      },
    },
  };
}

const DEFINITIONS = [
  definition('read_file', 'Read a text file from the workspace.', { path: 'File path relative to the workspace.' }),
  definition('calculate', 'Evaluate "12 * 3" — quotes, dashes, émoji 🙂 and a\nnewline', { expression: 'The \\ expression.' }),
  definition('current_time', ''),
];

describe('definitionsChars', () => {
  it('is the length of the definitions JSON, for none, one and several, asked again and again', () => {
    for (let round = 0; round < 2; round += 1) {
      for (let count = 0; count <= DEFINITIONS.length; count += 1) {
        const some = DEFINITIONS.slice(0, count);
        expect(definitionsChars(some)).toBe(JSON.stringify(some).length);
      }
      const reordered = [DEFINITIONS[2], DEFINITIONS[0], DEFINITIONS[2]] as ToolDefinition[];
      expect(definitionsChars(reordered)).toBe(JSON.stringify(reordered).length);
    }
  });
});
