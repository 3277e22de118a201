/**
 * JSON-RPC error codes the SDK uses (its ErrorCode enum), read without importing the SDK: the SDK
 * is loaded only when a server starts (see mcp-connection.ts), so TACO without MCP servers starts
 * as fast as before.
 */
export const MCP_REQUEST_TIMEOUT = -32001;
export const MCP_CONNECTION_CLOSED = -32000;

/** The code of an McpError (the SDK's), or null for any other error. */
export function mcpErrorCode(error: unknown): number | null {
  if (!(error instanceof Error) || error.name !== 'McpError') return null;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'number' ? code : null;
}

/** How a server process ended, in words ("exit code 1", "killed by SIGKILL"). */
export function describeExit(exit: { code: number | null; signal: NodeJS.Signals | null }): string {
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code ?? 'unknown'}`;
}
