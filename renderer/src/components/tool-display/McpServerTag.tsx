import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { mcpToolLabel, type McpToolLabel } from '../../format/mcp-tool-name';
import { useTaco } from '../../store/store-context';

/** A tool's catalogue entry (when loaded) and, for an MCP tool, its server. */
export function useToolLabel(tool: string): { info: ToolInfo | null; label: McpToolLabel | null } {
  const info = useTaco((state) => state.tools?.find((entry) => entry.toolId === tool) ?? null);
  return { info, label: mcpToolLabel(tool, info) };
}

/** "MCP · everything": which server a tool call went to. */
export function McpServerTag({ server }: { server: string }) {
  return (
    <span className="badge mcp-server-tag" data-testid="mcp-server-tag" title={`A tool of the MCP server “${server}”`}>
      MCP · {server}
    </span>
  );
}
