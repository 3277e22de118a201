import { describe, expect, it } from 'vitest';
import { toolInfoFromConfig } from './build-registered-tool';
import { sampleConfig } from './catalogue-fixture';
import { toolConfigSchema } from './config/tool-config-schema';
import { buildToolDefinition } from './tool-definition';

describe('buildToolDefinition and toolInfoFromConfig', () => {
  const config = toolConfigSchema.parse(
    sampleConfig({
      parameters: {
        text: { type: 'string', description: 'What to echo.', required: true },
        mode: { type: 'string', description: 'How.', required: false, enum: ['loud', 'quiet'], default: 'quiet' },
        words: { type: 'array', description: 'Words.', required: false, items: { type: 'string' } },
      },
      risk: 'write',
      requires_approval: undefined,
    }),
  );
  const info = toolInfoFromConfig(config);

  it('maps the config to camelCase info and defaults approval from the risk', () => {
    expect(info).toMatchObject({
      toolId: 'echo_text',
      usageInstructions: 'Use echo_text to test tools.',
      risk: 'write',
      requiresApproval: true,
    });
    expect(info.parameters.mode).toEqual({
      type: 'string',
      description: 'How.',
      required: false,
      enum: ['loud', 'quiet'],
      default: 'quiet',
    });
  });

  it('builds the Ollama JSON Schema with required names, enums, defaults and items', () => {
    expect(buildToolDefinition(info)).toEqual({
      type: 'function',
      function: {
        name: 'echo_text',
        description: 'Echo the text back.',
        parameters: {
          type: 'object',
          properties: {
            text: { type: 'string', description: 'What to echo.' },
            mode: { type: 'string', description: 'How.', enum: ['loud', 'quiet'], default: 'quiet' },
            words: { type: 'array', description: 'Words.', items: { type: 'string' } },
          },
          required: ['text'],
        },
      },
    });
  });
});
