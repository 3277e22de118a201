import type { McpServerView, McpToolView } from '../../shared/mcp/mcp';
import type { ModelEvent } from '../../shared/contract/events';

export const mcpTool = (server: string, name: string, overrides: Partial<McpToolView> = {}): McpToolView => ({
  name,
  qualifiedName: `mcp__${server}__${name}`,
  description: `Does ${name}`,
  readOnlyHint: null,
  destructiveHint: null,
  enabled: true,
  ...overrides,
});

/** A ready stdio server with an echo tool, as main describes it. */
export const mcpServer = (name: string, overrides: Partial<McpServerView> = {}): McpServerView => ({
  name,
  transport: 'stdio',
  enabled: true,
  status: 'ready',
  approval: 'ask',
  timeoutMs: 60_000,
  command: 'node',
  args: ['server.js', 'stdio'],
  cwd: null,
  url: null,
  envKeys: [],
  headerKeys: [],
  tools: [mcpTool(name, 'echo')],
  error: null,
  stderrTail: [],
  sandbox: null,
  sandboxNotice: null,
  ...overrides,
});

export const mcpStatus = (server: McpServerView): ModelEvent => ({ type: 'mcp-status', server });
