import { DEFAULTS } from '../../../../shared/constants';
import type { McpServerConfig } from '../../../../shared/mcp/mcp';
import { ToolFailure } from '../../../../tools/catalogue/tool-runtime-types';
import type { McpConnection } from '../connection/mcp-connection';
import { MCP_CONNECTION_CLOSED, MCP_REQUEST_TIMEOUT, mcpErrorCode } from '../connection/mcp-errors';
import type { McpCaller } from './mcp-tool-adapter';

/**
 * tools/call on a server's live connection: its timeout (`timeoutMs`), Stop forwarded as the
 * SDK's abort (which sends notifications/cancelled and does not wait), and every failure in words
 * the model can act on — a crash names how the server ended.
 */
export function createMcpCaller(
  lookup: (server: string) => { config: McpServerConfig; connection: McpConnection | null } | undefined,
): McpCaller {
  return async (server, tool, args, callOptions) => {
    const entry = lookup(server);
    const connection = entry?.connection;
    const client = connection?.client();
    if (!entry || !connection || !client) {
      const state = connection?.view();
      const why = state ? `${state.status}${state.error ? `: ${state.error}` : ''}` : 'stopped';
      throw new ToolFailure(`The MCP server "${server}" is not ready (${why}). Continue without its tools or tell the user.`);
    }
    const timeout = entry.config.timeoutMs ?? DEFAULTS.mcp.callTimeoutMs;
    // One signal per call: the SDK leaves its abort listener on the signal it is given, and a run's
    // signal serves every call of the run.
    const perCall = new AbortController();
    const forward = (): void => perCall.abort(callOptions.signal.reason);
    if (callOptions.signal.aborted) forward();
    else callOptions.signal.addEventListener('abort', forward, { once: true });
    try {
      return await client.callTool({ name: tool, arguments: args }, undefined, {
        signal: perCall.signal,
        timeout,
        onprogress: (progress) =>
          callOptions.onProgress({ progress: progress.progress, total: progress.total ?? null, message: progress.message ?? null }),
      });
    } catch (error) {
      if (callOptions.signal.aborted) throw error;
      if (mcpErrorCode(error) === MCP_REQUEST_TIMEOUT)
        throw new ToolFailure(
          `${tool} on MCP server "${server}" did not finish within ${Math.round(timeout / 1000)} s; it was cancelled. Try a smaller request or continue without it.`,
        );
      const ended = connection.lastEndReason();
      if (ended || mcpErrorCode(error) === MCP_CONNECTION_CLOSED)
        throw new ToolFailure(
          `${ended ?? `The MCP server "${server}" closed the connection during the call.`} TACO restarts it; continue without this result or try again shortly.`,
        );
      throw new ToolFailure(`MCP server "${server}" could not run ${tool}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      callOptions.signal.removeEventListener('abort', forward);
    }
  };
}
