import type { McpService } from '../mcp/mcp-service-types';
import type { WorkflowPromptSource } from './workflow-prompt-source';

/**
 * The MCP service as the workflows' prompt source: every prompt of a ready server becomes a
 * one-step workflow, and running it asks the server for the prompt with the form's arguments.
 * The text of its messages, in order, is the step's prompt.
 */
export function mcpPromptSource(mcp: Pick<McpService, 'listPrompts' | 'getPrompt'>): WorkflowPromptSource {
  return {
    listPrompts: () => mcp.listPrompts(),
    async getPrompt(server, name, args) {
      const result = await mcp.getPrompt(server, name, args);
      return result.messages
        .map((message) => message.text.trim())
        .filter((text) => text !== '')
        .join('\n\n');
    },
  };
}
