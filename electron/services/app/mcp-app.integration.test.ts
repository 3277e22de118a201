import { describe, expect, it } from 'vitest';
import type { ModelEvent } from '../../../shared/contract/events';
import type { McpServerView } from '../../../shared/mcp/mcp';
import type { ToolInfo } from '../../../shared/tools/tool-info';
import { everythingServer, MCP_TEST_TIMEOUT_MS } from '../../../test-support/mcp/mcp-test-servers';
import { createMcpService } from '../mcp/mcp-service';
import { TEST_TIMINGS } from '../mcp/testing/mcp-harness';
import { createAppServices, type AppServices } from './app-services';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { callService } from './testing/service-calls';

const cleanups = cleanupAfterEach(MCP_TEST_TIMEOUT_MS);

async function setUp(): Promise<{ services: AppServices; modelEvents: ModelEvent[] }> {
  const dataDir = cleanups.tempDir('taco-mcp-app-');
  const services = await createAppServices({
    dataDir,
    ollamaHost: 'http://127.0.0.1:9',
    openExternal: async () => undefined,
    ports: { createMcp: (input) => createMcpService({ ...input, timings: TEST_TIMINGS, pathValue: async () => process.env.PATH ?? '' }) },
  });
  cleanups.defer(() => services.dispose());
  const modelEvents: ModelEvent[] = [];
  services.subscribeModelEvents((batch) => modelEvents.push(...batch));
  return { services, modelEvents };
}

describe('the mcp.* calls through the app services', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('adds a server, streams its status on model-events, and lists its tools in tools.list under the server', async () => {
    const { services, modelEvents } = await setUp();
    expect(await callService<{ servers: McpServerView[] }>(services, 'mcp.list', {})).toEqual({ servers: [] });
    const saved = await callService<{ server: McpServerView }>(services, 'mcp.save', {
      name: 'everything',
      config: everythingServer({ approval: 'trusted-read' }),
    });
    expect(saved.server).toMatchObject({ name: 'everything', transport: 'stdio', status: 'starting', approval: 'trusted-read' });
    await services.mcpSettled(120_000);
    expect(modelEvents).toContainEqual({ type: 'mcp-status', server: expect.objectContaining({ name: 'everything', status: 'ready' }) });

    const tools = await callService<ToolInfo[]>(services, 'tools.list', {});
    expect(tools.some((tool) => tool.toolId === 'read_file' && tool.source === undefined)).toBe(true);
    expect(tools.find((tool) => tool.toolId === 'mcp__everything__echo')).toMatchObject({
      category: 'mcp:everything',
      risk: 'read',
      requiresApproval: false,
      source: { kind: 'mcp', server: 'everything', tool: 'echo', readOnlyHint: true },
    });
    // toggle-simulated-logging declares no readOnlyHint: it still asks on a trusted-read server.
    expect(tools.find((tool) => tool.toolId === 'mcp__everything__toggle-simulated-logging')).toMatchObject({
      risk: 'network',
      requiresApproval: true,
    });
    const slash = await callService<{ type: string; output: string }>(services, 'chat.send', {
      conversationId: null,
      text: '/tools',
      model: 'm',
    });
    expect(slash.output).toContain('mcp__everything__echo');
  });

  it('refuses a bad config with words naming the field, before anything is saved', async () => {
    const { services } = await setUp();
    const answer = await services.handle('mcp.save', { name: 'x', config: { args: ['a'] } });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload', message: expect.stringMatching(/mcp\.save: invalid request: "config\.command" is required/) },
    });
    const badName = await services.handle('mcp.save', { name: 'a__b', config: { command: 'node' } });
    expect(badName).toMatchObject({ ok: false, error: { code: 'invalid-payload', message: expect.stringContaining('"name"') } });
    expect(await callService<{ servers: McpServerView[] }>(services, 'mcp.list', {})).toEqual({ servers: [] });
  });
});
