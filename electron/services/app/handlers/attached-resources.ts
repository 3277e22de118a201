import { ContractError } from '../../../../shared/contract/contract-error';
import type { AttachedResource } from '../../../../shared/mcp/mcp-resources';
import type { McpService } from '../../mcp/mcp-service-types';

/**
 * The resources a message carries as chips, read by main when it is sent (the renderer names them;
 * main reads what the server says now). A resource that cannot be read refuses the send with its
 * name and why, so the composer keeps the message and its chips.
 */
export async function readAttachedResources(
  mcp: Pick<McpService, 'readResource' | 'listResources'>,
  refs: ReadonlyArray<{ server: string; uri: string }>,
): Promise<AttachedResource[]> {
  if (refs.length === 0) return [];
  const listed = await mcp.listResources().catch(() => []);
  return Promise.all(
    refs.map(async (ref) => {
      const name = listed.find((resource) => resource.server === ref.server && resource.uri === ref.uri)?.name.slice(0, 200) ?? ref.uri;
      try {
        const content = await mcp.readResource(ref.server, ref.uri);
        return { server: ref.server, uri: ref.uri, name, mimeType: content.mimeType, text: content.text, truncated: content.truncated };
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new ContractError(
          'invalid-payload',
          `The resource "${name}" of MCP server "${ref.server}" could not be read, so nothing was sent: ${why}`,
        );
      }
    }),
  );
}
