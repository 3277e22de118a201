import type { ToolInfo } from '../../../shared/tools/tool-info';
import { mcpToolLabel as sharedMcpToolLabel, toolDisplayName, type McpToolLabel } from '../../../shared/tools/tool-display-name';

export type { McpToolLabel };

/**
 * The server of an MCP tool: from its catalogue entry's `source` when known, else parsed from the
 * `mcp__<server>__<tool>` name (display only: main decides what a name means).
 */
export function mcpToolLabel(name: string, info?: Pick<ToolInfo, 'source'> | null): McpToolLabel | null {
  return sharedMcpToolLabel(name, info);
}

/** "echo" for `mcp__everything__echo` (as its server names it), "Read File" for `read_file`. */
export function displayToolName(name: string, info?: Pick<ToolInfo, 'source'> | null): string {
  return toolDisplayName(name, info);
}
