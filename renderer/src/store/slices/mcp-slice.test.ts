import { describe, expect, it } from 'vitest';
import { createFakeApi, tool } from '../../../test/fake-api';
import { mcpServer, mcpStatus, mcpTool } from '../../../test/mcp';
import { memoryStorage } from '../../../test/render-app';
import { TacoCallError } from '../../transport/taco-call-error';
import { connectStore, createTacoStore } from '../create-taco-store';

function setup() {
  const api = createFakeApi();
  const store = createTacoStore({ api, storage: memoryStorage() });
  connectStore(store, api);
  return { api, store };
}

describe('the mcp slice', () => {
  it('loads the servers sorted by name and keeps them live from mcp-status events', async () => {
    const { api, store } = setup();
    api.handle('mcp.list', () => ({ servers: [mcpServer('zeta'), mcpServer('alpha', { status: 'starting', tools: [] })] }));
    await store.getState().loadMcpServers();
    expect(store.getState().mcpServers?.map((server) => [server.name, server.status])).toEqual([
      ['alpha', 'starting'],
      ['zeta', 'ready'],
    ]);

    api.emitOn('model-events', [mcpStatus(mcpServer('alpha')), mcpStatus(mcpServer('beta', { status: 'failed', error: 'spawn ENOENT' }))]);
    expect(store.getState().mcpServers?.map((server) => [server.name, server.status])).toEqual([
      ['alpha', 'ready'],
      ['beta', 'failed'],
      ['zeta', 'ready'],
    ]);
  });

  it('ignores mcp-status before the first list (that list is at least as new) and malformed events', () => {
    const { api, store } = setup();
    api.emitOn('model-events', [mcpStatus(mcpServer('early'))]);
    expect(store.getState().mcpServers).toBeNull();
    store.setState({ mcpServers: [] });
    api.emitOn('model-events', [{ type: 'mcp-status', server: null } as never, { type: 'mcp-status' } as never]);
    expect(store.getState().mcpServers).toEqual([]);
  });

  it('sends each action to main with the right request and keeps the server main answers with', async () => {
    const { api, store } = setup();
    await store.getState().loadMcpServers();
    api.handle('mcp.save', (request) => ({ server: mcpServer(request.name, { enabled: request.config.enabled ?? true }) }));
    api.handle('mcp.setEnabled', (request) => ({ server: mcpServer(request.name, { enabled: request.enabled, status: 'stopped' }) }));
    api.handle('mcp.restart', (request) => ({ server: mcpServer(request.name, { status: 'starting' }) }));
    api.handle('mcp.setToolEnabled', (request) => ({
      server: mcpServer(request.name, { tools: [mcpTool(request.name, request.tool, { enabled: request.enabled })] }),
    }));
    api.handle('mcp.remove', () => ({ removed: true }));

    expect(await store.getState().saveMcpServer('everything', { command: 'node', args: ['x.js'] }, false)).toEqual({ ok: true });
    expect(api.callsOf('mcp.save')).toEqual([{ name: 'everything', config: { command: 'node', args: ['x.js'] }, replace: false }]);
    expect(store.getState().mcpServers?.map((server) => server.name)).toEqual(['everything']);

    await store.getState().setMcpServerEnabled('everything', false);
    expect(api.callsOf('mcp.setEnabled')).toEqual([{ name: 'everything', enabled: false }]);
    expect(store.getState().mcpServers?.[0]?.status).toBe('stopped');

    await store.getState().restartMcpServer('everything');
    expect(api.callsOf('mcp.restart')).toEqual([{ name: 'everything' }]);
    expect(store.getState().mcpServers?.[0]?.status).toBe('starting');

    await store.getState().setMcpToolEnabled('everything', 'echo', false);
    expect(api.callsOf('mcp.setToolEnabled')).toEqual([{ name: 'everything', tool: 'echo', enabled: false }]);
    expect(store.getState().mcpServers?.[0]?.tools[0]?.enabled).toBe(false);

    await store.getState().removeMcpServer('everything');
    expect(api.callsOf('mcp.remove')).toEqual([{ name: 'everything' }]);
    expect(store.getState().mcpServers).toEqual([]);
  });

  it('returns main’s refusal in words instead of throwing, and leaves the list as it was', async () => {
    const { api, store } = setup();
    api.handle('mcp.list', () => ({ servers: [mcpServer('everything')] }));
    await store.getState().loadMcpServers();
    api.handle('mcp.save', () => {
      throw new TacoCallError('invalid-payload', 'MCP server "everything": "url" must be an http:// or https:// URL');
    });
    expect(await store.getState().saveMcpServer('everything', { url: 'ftp://x' }, true)).toEqual({
      ok: false,
      message: 'MCP server "everything": "url" must be an http:// or https:// URL',
    });
    expect(store.getState().mcpServers?.[0]?.transport).toBe('stdio');

    api.handle('mcp.list', () => {
      throw new TacoCallError('disconnected', 'TACO lost its connection to the app. Reconnecting…');
    });
    await store.getState().loadMcpServers();
    expect(store.getState().mcpError).toBe('TACO lost its connection to the app. Reconnecting…');
  });

  it('imports a pasted block, reloads the list, and reports what was added and skipped', async () => {
    const { api, store } = setup();
    api.handle('mcp.import', () => ({ added: ['everything'], skipped: [{ name: 'bad', reason: '"command" is required' }] }));
    api.handle('mcp.list', () => ({ servers: [mcpServer('everything', { enabled: false, status: 'stopped' })] }));
    expect(await store.getState().importMcpServers('{"mcpServers":{}}')).toEqual({
      ok: true,
      added: ['everything'],
      skipped: [{ name: 'bad', reason: '"command" is required' }],
    });
    expect(api.callsOf('mcp.import')).toEqual([{ json: '{"mcpServers":{}}' }]);
    expect(store.getState().mcpServers?.[0]?.enabled).toBe(false);

    const empty = await store.getState().importMcpServers('   ');
    expect(empty.ok).toBe(false);
    expect(api.callsOf('mcp.import')).toHaveLength(1);
  });

  it('refreshes a loaded catalogue when a server changes, so its tools appear and go live', async () => {
    const { api, store } = setup();
    await store.getState().loadMcpServers();
    api.emitOn('model-events', [mcpStatus(mcpServer('everything'))]);
    expect(api.callsOf('tools.list')).toHaveLength(0);

    await store.getState().loadTools();
    api.handle('tools.list', () => [tool('read_file'), tool('mcp__everything__echo', { category: 'mcp:everything' })]);
    api.emitOn('model-events', [mcpStatus(mcpServer('everything'))]);
    await expect.poll(() => store.getState().tools?.map((entry) => entry.toolId)).toEqual(['read_file', 'mcp__everything__echo']);
  });
});
