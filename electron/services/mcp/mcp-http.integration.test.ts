import { describe, expect, it } from 'vitest';
import { ToolFailure } from '../../../tools/catalogue/tool-runtime-types';
import { startHttpMcpServer } from '../../../test-support/mcp/http-mcp-server';
import { MCP_TEST_TIMEOUT_MS } from '../../../test-support/mcp/mcp-test-servers';
import { mcpHarnessesClosedAfterEach } from './testing/mcp-harness';

const { harness, cleanups } = mcpHarnessesClosedAfterEach();

describe('MCP over HTTP against the SDK’s own server (McpServer)', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('Streamable HTTP: tools, headers, an isError result, a live tools/list_changed and a cancel that reaches the server', async () => {
    const server = await startHttpMcpServer({ mode: 'streamable' });
    cleanups.defer(() => server.close());
    const h = harness({ web: { url: server.url, headers: { Authorization: 'Bearer sekrit' } } });
    const ready = await h.waitFor('web', 'ready');
    expect(ready).toMatchObject({ transport: 'http', headerKeys: ['Authorization'], url: server.url });
    expect(JSON.stringify(ready)).not.toContain('sekrit');
    expect(server.headers.some((headers) => headers.authorization === 'Bearer sekrit')).toBe(true);
    expect(ready.tools.map((tool) => tool.qualifiedName)).toEqual(expect.arrayContaining(['mcp__web__shout', 'mcp__web__refuse']));

    await expect(h.run('mcp__web__shout', { text: 'quiet' })).resolves.toMatchObject({ output: 'QUIET' });
    await expect(h.run('mcp__web__refuse', {})).rejects.toSatisfy(
      (error: unknown) => error instanceof ToolFailure && error.message === 'Refused on purpose.',
    );

    server.addTool('late-arrival');
    await h.waitFor('web', (view) => view.tools.some((tool) => tool.name === 'late-arrival'));
    await expect(h.run('mcp__web__late-arrival', {})).resolves.toMatchObject({ output: 'late-arrival' });

    const controller = new AbortController();
    const call = h.run('mcp__web__wait-for-cancel', {}, { signal: controller.signal });
    const rejected = expect(call).rejects.toThrow(/Stopped/);
    // Stop once the server is running the call.
    await server.waiting;
    controller.abort(new Error('Stopped by the user'));
    await rejected;
    await server.cancelled;
  });

  it('falls back to SSE for a URL server that answers Streamable HTTP with a 4xx', async () => {
    const server = await startHttpMcpServer({ mode: 'sse' });
    cleanups.defer(() => server.close());
    const h = harness({ legacy: { url: server.url } });
    await h.waitFor('legacy', 'ready');
    await expect(h.run('mcp__legacy__shout', { text: 'old but fine' })).resolves.toMatchObject({ output: 'OLD BUT FINE' });
  });

  it('a URL where nothing listens fails with words, without blocking anything', async () => {
    const h = harness({ nowhere: { url: 'http://127.0.0.1:9/mcp' } });
    const failed = await h.waitFor('nowhere', 'failed');
    expect(failed.error).toMatch(/127\.0\.0\.1:9/);
    expect(h.service.tools()).toEqual([]);
  });

  it('a failure names the address without its query: a token there (?api_key=) never reaches the status the model is told', async () => {
    const h = harness({ keyed: { url: 'http://127.0.0.1:9/mcp?api_key=sekrit-query-token&x=1' } });
    const failed = await h.waitFor('keyed', 'failed');
    expect(failed.error).toContain('http://127.0.0.1:9/mcp');
    expect(failed.error).not.toContain('sekrit-query-token');
  });
});
