/** One resource a server lists (resources/list), for the composer's "Attach resource". */
export interface McpResourceInfo {
  server: string;
  uri: string;
  name: string;
  description: string;
  mimeType: string | null;
}

/** resources/read, as the renderer shows it: text (cut to the limit) or binary described in words. */
export interface McpResourceContent {
  server: string;
  uri: string;
  mimeType: string | null;
  /** The text of every text part; binary parts are described, never sent. */
  text: string;
  truncated: boolean;
}

/**
 * A resource attached to a user message (the composer's chip): main read it when the message was
 * sent, and the model sees its text after the message (`withResourceBlocks`); the timeline shows a
 * chip, never the text pasted into the message.
 */
export interface AttachedResource {
  server: string;
  uri: string;
  name: string;
  mimeType: string | null;
  /** The text the model sees (cut to DEFAULTS.mcp.resourceReadMaxChars). */
  text: string;
  truncated: boolean;
}

/** The text a resource adds for the model: where it came from, then its content in a fence its text cannot close. */
export function resourceBlock(resource: { server: string; uri: string }, text: string): string {
  let fence = '```';
  while (text.includes(fence)) fence += '`';
  return `Resource ${resource.uri} (MCP server ${resource.server}):\n${fence}\n${text}\n${fence}`;
}

/** A user message as the model reads it: the typed text, then each attached resource's block. */
export function withResourceBlocks(text: string, resources: readonly AttachedResource[] | undefined): string {
  if (!resources || resources.length === 0) return text;
  const blocks = resources.map((resource) => resourceBlock(resource, resource.text + (resource.truncated ? '\n… (shortened)' : '')));
  return [text, ...blocks].filter((part) => part !== '').join('\n\n');
}
