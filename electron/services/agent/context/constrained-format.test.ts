import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import { constrainedReplySchema } from './constrained-format';

const readFile: ToolDefinition = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a file.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file.' },
        description: { type: 'string', description: 'A parameter named description is kept.' },
      },
      required: ['path'],
    },
  },
};

describe('the constrained reply schema', () => {
  it('is one object per offered tool (its name and its parameter schema) or an answer', () => {
    expect(constrainedReplySchema([readFile])).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: {
            tool: { type: 'string', enum: ['read_file'] },
            parameters: { type: 'object', properties: { path: { type: 'string' }, description: { type: 'string' } }, required: ['path'] },
          },
          required: ['tool', 'parameters'],
          additionalProperties: false,
        },
        { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false },
      ],
    });
  });

  it('leaves the definitions it was given untouched', () => {
    constrainedReplySchema([readFile]);
    expect(readFile.function.parameters.properties.path).toEqual({ type: 'string', description: 'The file.' });
  });
});
