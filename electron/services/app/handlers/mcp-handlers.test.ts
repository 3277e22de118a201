import { describe, expect, it } from 'vitest';
import type { McpServerConfig, McpServerView } from '../../../../shared/mcp/mcp';
import { createAlwaysAllowedTools } from '../../mcp/tools/always-allowed-tools';
import type { McpService } from '../../mcp/mcp-service-types';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { mcpHandlers } from './mcp-handlers';

const cleanups = cleanupAfterEach();

const view = (name: string, config: McpServerConfig): McpServerView => ({
  name,
  transport: config.url ? 'http' : 'stdio',
  enabled: true,
  status: 'starting',
  approval: 'ask',
  timeoutMs: 60_000,
  command: config.command ?? null,
  args: config.args ?? [],
  cwd: config.cwd ?? null,
  url: config.url ?? null,
  envKeys: [],
  headerKeys: [],
  tools: [],
  error: null,
  stderrTail: [],
  sandbox: null,
  sandboxNotice: null,
});

/** Just enough of the MCP service for mcp.save: it keeps what it is given. */
function fakeService(): McpService {
  const servers = new Map<string, McpServerView>();
  const partial: Pick<McpService, 'list' | 'save'> = {
    list: () => [...servers.values()],
    save: (name, config) => {
      servers.set(name, view(name, config));
      return Promise.resolve(view(name, config));
    },
  };
  return partial as McpService;
}

describe('mcp.save and "Always allow this tool"', () => {
  it('a server moved to another URL or command loses its grants; other edits keep them', async () => {
    const alwaysAllowed = createAlwaysAllowedTools(cleanups.tempDir('taco-mcp-handlers-'));
    const handlers = mcpHandlers(fakeService(), alwaysAllowed);
    const save = (config: McpServerConfig) => handlers['mcp.save']({ name: 'docs', config, replace: true });

    await save({ url: 'http://127.0.0.1:3000/mcp' });
    await alwaysAllowed.grant({ server: 'docs', tool: 'search', definitionHash: 'h' });
    await save({ url: 'http://127.0.0.1:3000/mcp', approval: 'ask', timeoutMs: 30_000 });
    expect(await alwaysAllowed.list()).toEqual([{ server: 'docs', tool: 'search' }]);

    await save({ url: 'https://elsewhere.example/mcp' });
    expect(await alwaysAllowed.list()).toEqual([]);

    await save({ command: 'npx', args: ['docs-server'] });
    await alwaysAllowed.grant({ server: 'docs', tool: 'search', definitionHash: 'h' });
    await save({ command: 'npx', args: ['another-server'] });
    expect(await alwaysAllowed.list()).toEqual([]);
  });
});
