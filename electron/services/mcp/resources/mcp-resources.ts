import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEFAULTS } from '../../../../shared/constants';
import type { McpResourceContent, McpResourceInfo } from '../../../../shared/mcp/mcp-resources';

/** resources/list of one server, every page up to the cap; a server without resources has none. */
export async function listServerResources(server: string, client: Client, timeoutMs: number): Promise<McpResourceInfo[]> {
  if (!client.getServerCapabilities()?.resources) return [];
  const resources: McpResourceInfo[] = [];
  let cursor: string | undefined;
  try {
    do {
      const page = await client.listResources(cursor ? { cursor } : undefined, { timeout: timeoutMs });
      for (const resource of page.resources)
        resources.push({
          server,
          uri: resource.uri,
          name: (resource.title ?? resource.name).slice(0, 200),
          description: (resource.description ?? '').slice(0, 500),
          mimeType: resource.mimeType ?? null,
        });
      cursor = page.nextCursor;
    } while (cursor && resources.length < DEFAULTS.mcp.maxListedResources);
  } catch {
    // A server whose resources cannot be listed offers none; its tools still work.
  }
  return resources.slice(0, DEFAULTS.mcp.maxListedResources);
}

/** resources/read: the text parts joined and cut to DEFAULTS.mcp.resourceReadMaxChars; binary parts described. */
export async function readServerResource(server: string, client: Client, uri: string, timeoutMs: number): Promise<McpResourceContent> {
  const result = await client.readResource({ uri }, { timeout: timeoutMs });
  const parts = result.contents.map((part) =>
    'text' in part && typeof part.text === 'string'
      ? part.text
      : `[binary ${part.mimeType ?? 'content'}, ${Math.round((String((part as { blob?: unknown }).blob ?? '').length * 3) / 4)} bytes]`,
  );
  const whole = parts.join('\n\n');
  const max = DEFAULTS.mcp.resourceReadMaxChars;
  return {
    server,
    uri,
    mimeType: result.contents[0]?.mimeType ?? null,
    text: whole.length > max ? whole.slice(0, max) : whole,
    truncated: whole.length > max,
  };
}
