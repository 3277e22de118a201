import { describe, expect, it } from 'vitest';
import { everythingServer, MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { mcpHarnessesClosedAfterEach } from '../testing/mcp-harness';

const { harness } = mcpHarnessesClosedAfterEach();

// server-everything's resources (node_modules/@modelcontextprotocol/server-everything/dist/resources/files.js:
// its docs as demo://resource/static/document/<name>) and get-resource-links (tools/get-resource-links.js).
describe('MCP resources from a real server', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('lists and reads resources, and a resource link in a tool result can be read by its URI', async () => {
    const h = harness({ everything: everythingServer({ approval: 'never-ask' }) });
    await h.waitFor('everything', 'ready');
    const resources = await h.service.listResources();
    const doc = resources.find((each) => each.uri.startsWith('demo://resource/static/document/'));
    expect(doc).toMatchObject({ server: 'everything' });
    const read = await h.service.readResource('everything', doc?.uri ?? '');
    expect(read.text.length).toBeGreaterThan(0);
    expect(read).toMatchObject({ server: 'everything', uri: doc?.uri, truncated: false });

    const outcome = await h.run('mcp__everything__get-resource-links', { count: 2 });
    const output = outcome.type === 'result' ? outcome.output : '';
    const uri = /\[resource link: Text Resource 2 <([^>]+)>/.exec(output)?.[1];
    expect(uri).toBeDefined();
    await expect(h.service.readResource('everything', uri ?? '')).resolves.toMatchObject({ text: expect.stringContaining('2') });
    await expect(h.service.readResource('nobody', uri ?? '')).rejects.toThrow(/not ready/);
  });
});
