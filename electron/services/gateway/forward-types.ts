import type { ChatProvider } from '../provider/provider-types';
import type { ResolvedServer } from '../servers/resolved-server';

/** Where one request goes: the server, the server's own model name, and TACO's name for it. */
export interface ForwardTarget {
  server: ResolvedServer;
  /** The server's own model name. */
  model: string;
  /** The name the client used (`<serverId>::<model>` for added servers); answers carry it. */
  ref: string;
}

/** One answer: a whole completion, or chunks to send as SSE (the stream throws a GatewayError on failure). */
export type ForwardAnswer = { type: 'json'; body: unknown } | { type: 'stream'; chunks: AsyncIterable<unknown> };

export interface ForwardOptions {
  signal: AbortSignal;
  fetch: typeof fetch;
  /** Streamed Ollama chats straight over node:http (DEFAULTS.agentPerf.streamOverNodeHttp, no injected fetch). */
  overNodeHttp?: boolean;
  /** The app's own provider for a server: the built-in engine answers through it (absent: a built-in model is a 501). */
  providerFor?: (server: ResolvedServer) => ChatProvider;
}

/** How a server is named in an error the client reads. */
export function serverLabel(server: ResolvedServer): string {
  return `the model server “${server.name}” (${server.baseUrl})`;
}
