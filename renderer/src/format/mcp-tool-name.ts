import type { ToolInfo } from '../../../shared/tools/tool-info';
import { formatToolName } from '../../../shared/tools/format-tool-name';

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
export function mcpToolLabel(name: string, info?: Pick<ToolInfo, 'source'> | null): McpToolLabel | null {
  const source = info?.source;
  if (source?.kind === 'mcp') return { server: source.server, tool: source.tool };
  const match = QUALIFIED.exec(name);
  if (!match?.[1] || !match[2]) return null;
  return { server: match[1], tool: match[2] };
}

/** "Echo" for `mcp__everything__echo`, "Read File" for `read_file`. */
export function displayToolName(name: string, info?: Pick<ToolInfo, 'source'> | null): string {
  const label = mcpToolLabel(name, info);
  return formatToolName(label ? label.tool : name);
}
