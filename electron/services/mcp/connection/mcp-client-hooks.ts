import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** What a server asked for with `elicitation/create` (form or URL mode). */
export type ElicitationParams = ElicitRequest['params'];

/**
 * What TACO adds to every server's client beyond tools: who answers a server's `elicitation/create`
 * (the app's form broker, or the CLI's defaults/decline answerer) and the fetch that signs HTTP
 * requests with OAuth tokens (electron/services/mcp/auth/). Both optional: without them the client
 * declares no elicitation capability and sends only the configured headers.
 */
export interface McpClientHooks {
  elicit?(server: string, params: ElicitationParams, signal: AbortSignal): Promise<ElicitResult>;
  /** The fetch for a URL server's transport over `next` (the capped, same-origin fetch), or null when the server does not use OAuth. */
  authFetch?(server: string, url: URL, next?: FetchLike): FetchLike | null;
}
