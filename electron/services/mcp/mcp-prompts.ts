import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpPromptInfo, McpPromptResult } from './mcp-service-types';

/** prompts/list of one server, every page; a server without the prompts capability has none. */
export async function listServerPrompts(server: string, client: Client, timeoutMs: number): Promise<McpPromptInfo[]> {
  if (!client.getServerCapabilities()?.prompts) return [];
  const prompts: McpPromptInfo[] = [];
  let cursor: string | undefined;
  try {
    do {
      const page = await client.listPrompts(cursor ? { cursor } : undefined, { timeout: timeoutMs });
      for (const prompt of page.prompts)
        prompts.push({
          server,
          name: prompt.name,
          description: prompt.description ?? prompt.title ?? '',
          arguments: (prompt.arguments ?? []).map((argument) => ({
            name: argument.name,
            description: argument.description ?? '',
            required: argument.required === true,
          })),
        });
      cursor = page.nextCursor;
    } while (cursor);
  } catch {
    // A server whose prompts cannot be listed offers none; its tools still work.
  }
  return prompts;
}

/** prompts/get: text content kept as it is, anything else summarised in words. */
export async function readServerPrompt(
  client: Client,
  name: string,
  args: Record<string, string>,
  timeoutMs: number,
): Promise<McpPromptResult> {
  const result = await client.getPrompt({ name, arguments: args }, { timeout: timeoutMs });
  return {
    description: result.description ?? '',
    messages: result.messages.map((message) => {
      const content = message.content;
      const text =
        content.type === 'text'
          ? content.text
          : content.type === 'resource' && 'text' in content.resource
            ? String(content.resource.text)
            : `[${content.type} content]`;
      return { role: message.role, text };
    }),
  };
}
