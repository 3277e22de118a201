import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { startFakeRegistry } from '../../../../test-support/fake-mcp-registry/fake-registry';
import { allFixtures, EVERYTHING_NAME } from '../../../../test-support/fake-mcp-registry/registry-fixtures';
import { createNetworkPolicy } from '../../../../tools/web/network-policy';
import { createRegistryClient } from './registry-client';

const cleanups = cleanupAfterEach();

async function registry(pageSize?: number) {
  const fake = await startFakeRegistry({ entries: allFixtures(), ...(pageSize ? { pageSize } : {}) });
  cleanups.defer(() => fake.close());
  const client = createRegistryClient({ baseUrl: () => fake.url, network: () => createNetworkPolicy({ allowPrivate: true }) });
  return { fake, client };
}

describe('the MCP registry client against a registry shaped by the official OpenAPI description', () => {
  it('pages with metadata.nextCursor until there is none; the oversized entry is skipped and counted, never shown', async () => {
    const { fake, client } = await registry(3);
    const names: string[] = [];
    let skipped = 0;
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await client.search('', cursor);
      names.push(...page.entries.map((entry) => entry.server.name));
      skipped += page.skipped;
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    expect(fake.requests.filter((request) => request.startsWith('/v0.1/servers?'))).toHaveLength(3);
    expect(fake.requests[1]).toMatch(/cursor=/);
    expect(names).toHaveLength(7);
    expect(names).not.toContain('io.github.evil/oversized');
    expect(skipped).toBe(1);
  });

  it('sends the search text and keeps the official status (deprecated)', async () => {
    const { fake, client } = await registry();
    const page = await client.search('legacy', null);
    expect(fake.requests[0]).toContain('search=legacy');
    expect(page.entries.map((entry) => entry.server.name)).toEqual(['io.github.old/legacy-files']);
    expect(page.entries[0]?._meta?.['io.modelcontextprotocol.registry/official']?.status).toBe('deprecated');
  });

  it('reads one version, and refuses an answer naming another server', async () => {
    const { fake, client } = await registry();
    expect((await client.serverVersion(EVERYTHING_NAME, 'latest')).server.name).toBe(EVERYTHING_NAME);
    fake.publish({ server: { name: 'io.github.evil/other', description: 'x', version: '1.0.0' } });
    const lying = createRegistryClient({
      baseUrl: () => fake.url,
      network: () => createNetworkPolicy({ allowPrivate: true }),
      fetch: (input, init) =>
        fetch(String(input).replace('io.github.acme%2Fweather/versions/1.2.0', 'io.github.evil%2Fother/versions/1.0.0'), init),
    });
    await expect(lying.serverVersion('io.github.acme/weather', '1.2.0')).rejects.toThrow(
      'answered "io.github.evil/other" when asked for "io.github.acme/weather"',
    );
  });

  it.each([
    ['not-json', 'something TACO cannot read (it is not JSON)'],
    ['wrong-shape', 'in a shape TACO does not know'],
    ['error-500', 'answered 500'],
  ] as const)('a registry answering %s gets a clear message', async (answer, words) => {
    const { fake, client } = await registry();
    fake.answer = answer;
    await expect(client.search('', null)).rejects.toThrow(words);
  });

  it('a registry that is down, or on a private address the policy does not allow, is named in the message', async () => {
    const { fake, client } = await registry();
    await fake.close();
    await expect(client.search('', null)).rejects.toThrow(`The MCP registry at ${fake.url} could not be reached`);
    const strict = createRegistryClient({
      baseUrl: () => 'http://127.0.0.1:9',
      network: () => createNetworkPolicy({ allowPrivate: false }),
    });
    await expect(strict.search('', null)).rejects.toThrow('Settings allows private network addresses');
  });
});
