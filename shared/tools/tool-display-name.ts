import type { ToolSource } from './tool-info';
import { formatToolName } from './format-tool-name';

/** Where a tool comes from, for display: an MCP server's name and its own tool name, or nothing for a built-in. */
export interface McpToolLabel {
  server: string;
  tool: string;
}

const QUALIFIED = /^mcp__(.+?)__(.+)$/;

/**
 * The server of an MCP tool: from its catalogue entry's `source` when known, else parsed from the
 * `mcp__<server>__<tool>` name (display only: main decides what a name means).
 */
export function mcpToolLabel(name: string, info?: { source?: ToolSource | undefined } | null): McpToolLabel | null {
  const source = info?.source;
  if (source?.kind === 'mcp') return { server: source.server, tool: source.tool };
  const match = QUALIFIED.exec(name);
  if (!match?.[1] || !match[2]) return null;
  return { server: match[1], tool: match[2] };
}

/**
 * A tool's name as a person reads it: an MCP tool exactly as its server names it (`echo`,
 * `get-tiny-image`: the name its documentation and the server's own list use), a built-in tool in
 * words ("Read File" for `read_file`).
 */
export function toolDisplayName(name: string, info?: { source?: ToolSource | undefined } | null): string {
  const label = mcpToolLabel(name, info);
  return label ? label.tool : formatToolName(name);
}
