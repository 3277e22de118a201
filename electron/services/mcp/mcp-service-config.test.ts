import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelEvent } from '../../../shared/contract/events';
import { MCP_SECRET_MASK } from '../../../shared/mcp/mcp';
import { everythingServer, MCP_TEST_TIMEOUT_MS } from '../../../test-support/mcp/mcp-test-servers';
import { mcpHarnessesClosedAfterEach, type Harness } from './testing/mcp-harness';

const { harness } = mcpHarnessesClosedAfterEach();

const stored = (h: Harness): { mcpServers: Record<string, Record<string, unknown>> } =>
  JSON.parse(readFileSync(path.join(h.dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> };

describe('MCP service: the configuration calls', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('env values reach the server but never the views or events; the mask keeps a stored value', async () => {
    const h = harness({});
    const seen: ModelEvent[] = [];
    h.service.subscribe((event) => seen.push(event));
    const saved = await h.service.save('everything', everythingServer({ env: { TACO_SECRET: 'hunter2' } }), false);
    expect(saved).toMatchObject({ name: 'everything', envKeys: ['TACO_SECRET'], status: 'starting' });
    await h.waitFor('everything', 'ready');
    const env = await h.run('mcp__everything__get-env', {});
    expect(env.type === 'result' && env.output).toContain('hunter2');
    expect(JSON.stringify(h.service.list())).not.toContain('hunter2');
    expect(JSON.stringify(seen)).not.toContain('hunter2');

    await h.service.save(
      'everything',
      everythingServer({ env: { TACO_SECRET: MCP_SECRET_MASK, OTHER: 'x' }, approval: 'never-ask' }),
      true,
    );
    expect(stored(h).mcpServers.everything).toMatchObject({ env: { TACO_SECRET: 'hunter2', OTHER: 'x' }, approval: 'never-ask' });
    await expect(h.service.save('everything', everythingServer(), false)).rejects.toThrow(/already exists/);
    await expect(h.service.save('fresh', everythingServer({ env: { K: MCP_SECRET_MASK } }), false)).rejects.toThrow(
      /"env\.K" has no stored value/,
    );
  });

  it('imports a pasted claude_desktop_config.json block disabled, skipping what it cannot use with the reason', async () => {
    const h = harness({ taken: { command: 'node', enabled: false } });
    await h.waitFor('taken', 'stopped');
    const result = await h.service.importJson(
      JSON.stringify({
        mcpServers: {
          'brave search': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-brave-search'], env: { BRAVE_API_KEY: 'k' } },
          taken: { command: 'node' },
          broken: { args: ['x'] },
        },
      }),
    );
    expect(result.added).toEqual(['brave-search']);
    expect(result.skipped).toEqual([
      { name: 'taken', reason: expect.stringContaining('already exists') },
      { name: 'broken', reason: expect.stringContaining('"command" is required') },
    ]);
    expect(h.service.list().find((server) => server.name === 'brave-search')).toMatchObject({
      enabled: false,
      status: 'stopped',
      envKeys: ['BRAVE_API_KEY'],
    });
    expect(stored(h).mcpServers['brave-search']).toMatchObject({ enabled: false });
    await expect(h.service.importJson('not json')).rejects.toThrow(/not valid JSON/);
  });

  it('disables one tool, disables and removes a server: the loop’s tools follow', async () => {
    const h = harness({ everything: everythingServer() });
    await h.waitFor('everything', 'ready');
    expect(h.service.tools().some((tool) => tool.info.toolId === 'mcp__everything__echo')).toBe(true);
    const view = await h.service.setToolEnabled('everything', 'echo', false);
    expect(view.tools.find((tool) => tool.name === 'echo')?.enabled).toBe(false);
    expect(h.service.tools().some((tool) => tool.info.toolId === 'mcp__everything__echo')).toBe(false);
    expect(stored(h).mcpServers.everything).toMatchObject({ disabledTools: ['echo'] });

    const disabled = await h.service.setEnabled('everything', false);
    expect(disabled).toMatchObject({ enabled: false, status: 'stopped' });
    expect(h.service.tools()).toEqual([]);
    await h.service.remove('everything');
    expect(h.service.list()).toEqual([]);
    expect(stored(h).mcpServers).toEqual({});
    await expect(h.service.remove('everything')).rejects.toThrow(/no MCP server named "everything"/);
  });

  it('restart starts a new connection and emits mcp-status on the way', async () => {
    const h = harness({ everything: everythingServer() });
    await h.waitFor('everything', 'ready');
    const statuses: string[] = [];
    h.service.subscribe((event) => {
      if (event.type === 'mcp-status') statuses.push(event.server.status);
    });
    await h.service.restart('everything');
    await h.waitFor('everything', 'ready');
    expect(statuses[0]).toBe('starting');
    expect(statuses.at(-1)).toBe('ready');
  });

  it('--mcp-config adds servers for the run only; a broken one is reported and mcp.json still starts', async () => {
    const extra = path.join(harness({}).dataDir, 'run.json');
    writeFileSync(extra, JSON.stringify({ mcpServers: { extra: everythingServer() } }));
    const h = harness({ stored: everythingServer({ enabled: false }) }, { extraConfigFile: extra });
    await h.waitFor('extra', 'ready');
    await h.service.setToolEnabled('stored', 'echo', false);
    expect(Object.keys(stored(h).mcpServers)).toEqual(['stored']);

    const broken = path.join(h.dataDir, 'broken.json');
    writeFileSync(broken, '{ nope');
    const logged: string[] = [];
    const other = harness({ kept: everythingServer() }, { extraConfigFile: broken, log: (line) => logged.push(line) });
    await other.waitFor('kept', 'ready');
    expect(logged.join('\n')).toMatch(/--mcp-config .*broken\.json could not be read as JSON/);
  });
});
