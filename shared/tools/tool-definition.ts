import type { JsonObject } from '../contract/json';

/** A tool as a chat request offers it to the model (Ollama's and OpenAI's `tools` entry). */
export interface ToolDefinition {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: { type: 'object'; properties: Record<string, JsonObject>; required: string[] };
  };
}
