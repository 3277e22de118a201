import type { McpServerView, McpToolView } from '../../../../shared/mcp/mcp';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { mcpToolLabel } from '../../format/mcp-tool-name';

/** One MCP tool in the catalogue: its server's view (all tools, enabled or not) and its catalogue entry when it is offered. */
export interface McpCatalogueEntry {
  server: McpServerView;
  tool: McpToolView;
  /** From `tools.list`: only enabled tools of ready servers are there (with their parameters). */
  info: ToolInfo | null;
}

export interface McpCatalogueGroup {
  server: string;
  title: string;
  entries: McpCatalogueEntry[];
}

/** Whether a built-in: MCP tools are grouped by server instead. */
export function isMcpTool(tool: ToolInfo): boolean {
  return mcpToolLabel(tool.toolId, tool) !== null;
}

/** Whether a call to this tool asks first: main's word when the tool is offered, else the server's policy. */
export function mcpToolAsks(entry: McpCatalogueEntry): boolean {
  if (entry.info) return entry.info.requiresApproval;
  if (entry.server.approval === 'never-ask') return false;
  return !(entry.server.approval === 'trusted-read' && entry.tool.readOnlyHint === true);
}

const matches = (words: string[], haystack: string): boolean => words.every((word) => haystack.toLowerCase().includes(word));

/**
 * MCP tools grouped under "MCP · <server>", sorted, filtered by every word of the query (name,
 * description, server). From the servers' views when known (so switched-off tools can be switched
 * back on); else from the catalogue entries' `source`.
 */
export function groupMcpTools(tools: readonly ToolInfo[], servers: readonly McpServerView[] | null, query: string): McpCatalogueGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const byId = new Map(tools.map((tool) => [tool.toolId, tool]));
  const groups: McpCatalogueGroup[] = [];
  for (const server of servers ?? fallbackServers(tools)) {
    const entries = server.tools
      .map((tool) => ({ server, tool, info: byId.get(tool.qualifiedName) ?? null }))
      .filter(({ tool }) => matches(words, `${tool.qualifiedName} ${tool.name.replace(/_/g, ' ')} ${tool.description} mcp ${server.name}`))
      .sort((a, b) => a.tool.name.localeCompare(b.tool.name));
    if (entries.length > 0) groups.push({ server: server.name, title: `MCP · ${server.name}`, entries });
  }
  return groups.sort((a, b) => a.server.localeCompare(b.server));
}

/** Servers as far as the catalogue alone tells (before `mcp.list` answered): ready, policy unknown (ask). */
function fallbackServers(tools: readonly ToolInfo[]): McpServerView[] {
  const servers = new Map<string, McpServerView>();
  for (const info of tools) {
    const label = mcpToolLabel(info.toolId, info);
    if (!label) continue;
    const server = servers.get(label.server) ?? emptyServer(label.server);
    server.tools.push({
      name: label.tool,
      qualifiedName: info.toolId,
      description: info.description,
      readOnlyHint: info.source?.readOnlyHint ?? null,
      destructiveHint: null,
      enabled: true,
    });
    servers.set(label.server, server);
  }
  return [...servers.values()];
}

function emptyServer(name: string): McpServerView {
  return {
    name,
    transport: 'stdio',
    enabled: true,
    status: 'ready',
    approval: 'ask',
    timeoutMs: 0,
    command: null,
    args: [],
    cwd: null,
    url: null,
    envKeys: [],
    headerKeys: [],
    tools: [],
    error: null,
    stderrTail: [],
    sandbox: null,
    sandboxNotice: null,
  };
}
