import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULTS } from '../../../../shared/constants';

/** What listing needs of a client (the SDK's Client). */
export interface ToolLister {
  listTools(
    params: { cursor: string } | undefined,
    options: { timeout: number },
  ): Promise<{ tools: Tool[]; nextCursor?: string | undefined }>;
}

/** A server broke one of the limits below: the words say which. */
export class McpLimitError extends Error {
  override readonly name = 'McpLimitError';
}

/**
 * Every page of tools/list, within ONE deadline for the whole listing (not one per page), at most
 * DEFAULTS.mcp.maxToolPages pages and DEFAULTS.mcp.maxTools tools: a server that always answers
 * with a nextCursor (or with thousands of tools) fails with words instead of growing main's memory
 * while it stays "starting".
 */
export async function listToolsWithinLimits(client: ToolLister, timeoutMs: number, now: () => number = Date.now): Promise<Tool[]> {
  const deadline = now() + timeoutMs;
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; ; page += 1) {
    if (page >= DEFAULTS.mcp.maxToolPages)
      throw new McpLimitError(`tools/list went on for more than ${DEFAULTS.mcp.maxToolPages} pages; TACO stopped asking.`);
    const left = deadline - now();
    if (left <= 0) throw new McpLimitError(`tools/list did not finish within ${Math.round(timeoutMs / 1000)} s.`);
    const answer = await client.listTools(cursor ? { cursor } : undefined, { timeout: left });
    tools.push(...answer.tools);
    if (tools.length > DEFAULTS.mcp.maxTools)
      throw new McpLimitError(`the server offers more than ${DEFAULTS.mcp.maxTools} tools, more than TACO takes from one server.`);
    cursor = answer.nextCursor;
    if (!cursor) return tools;
  }
}

/** Decoded size of base64 data, in bytes. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Why an image of a tool result is not kept (too many in one result, or too large), or null to keep it. */
export function imageRefusal(base64: string, alreadyKept: number): string | null {
  if (alreadyKept >= DEFAULTS.mcp.maxImagesPerResult) return `more than ${DEFAULTS.mcp.maxImagesPerResult} images in one result`;
  if (base64Bytes(base64) > DEFAULTS.mcp.maxImageBytes) return `larger than ${Math.round(DEFAULTS.mcp.maxImageBytes / (1024 * 1024))} MB`;
  return null;
}

/**
 * A fetch whose response bodies stop at DEFAULTS.mcp.maxMessageBytes: the SDK's HTTP transports
 * read whatever a server sends, so one endless or huge answer would otherwise fill main's memory.
 * A body over the cap errors (the call fails with that reason; an event stream is reopened by the SDK).
 */
export function cappedBodyFetch(base: typeof fetch, maxBytes: number = DEFAULTS.mcp.maxMessageBytes): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.body === null) return response;
    let seen = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes)
          controller.error(
            new McpLimitError(`the server's answer is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; TACO stopped reading it.`),
          );
        else controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
