import type { McpServerConfig } from '../../../shared/mcp/mcp';
import type { McpConnection } from './connection/mcp-connection';
import type { ServerTools } from './tools/mcp-tool-adapter';
import type { ReviewedTools } from './tools/tool-review';

/** One configured server in the MCP service (mcp-service.ts): its config, its connection and its tools. */
export interface McpServerEntry {
  config: McpServerConfig;
  /** false: from --mcp-config, for this run only. */
  persisted: boolean;
  connection: McpConnection | null;
  tools: ServerTools;
  /** The tool list last compared with the pins (tool-review.ts). */
  reviewed: ReviewedTools | null;
}

export const NO_TOOLS: ServerTools = { views: [], registered: [] };

/** A server not started yet (loaded, imported or saved). */
export function newEntry(config: McpServerConfig, persisted: boolean): McpServerEntry {
  return { config, persisted, connection: null, tools: NO_TOOLS, reviewed: null };
}
