import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../shared/constants';
import type { JsonObject } from '../../shared/contract/json';
import { createTestToolContext } from '../catalogue/tool-test-context';
import type { NetworkPolicy, ToolOutcome } from '../catalogue/tool-runtime-types';
import { createFetchUrl } from './fetch_url';
import { createNetworkPolicy, isPublicAddress } from './network-policy';

/**
 * SSRF: every test stays on loopback. "Public" is modelled by a policy that treats 127.0.0.2 as
 * public (and nothing else), with an injected resolver for names; the private target is a server
 * on 127.0.0.1 that counts the requests it gets.
 */
let privateServer: Server;
let publicServer: Server;
let privatePort = 0;
let publicPort = 0;
let privateHits = 0;

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  privateServer = createServer((_request, response) => {
    privateHits++;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('router admin page');
  });
  privatePort = await listen(privateServer, '127.0.0.1');
  publicServer = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/to-private') response.writeHead(302, { location: `http://127.0.0.1:${privatePort}/admin` }).end();
    else if (url === '/to-localhost') response.writeHead(301, { location: `http://localhost:${privatePort}/admin` }).end();
    else if (url === '/to-self') response.writeHead(302, { location: '/hello' }).end();
    else if (url === '/loop') response.writeHead(302, { location: '/loop' }).end();
    else response.writeHead(200, { 'content-type': 'text/plain' }).end(`public ${url}`);
  });
  publicPort = await listen(publicServer, '127.0.0.2');
});
afterAll(async () => {
  for (const server of [privateServer, publicServer]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const fetchUrl = createFetchUrl({ timeoutMs: 5000, maxBytes: 10_000, maxTextChars: 10_000 });

/** 127.0.0.2 plays a public address; public.test resolves to it, evil.test to 127.0.0.1. */
function testPolicy(): NetworkPolicy & { lookup: ReturnType<typeof vi.fn> } {
  const names: Record<string, string> = { 'public.test': '127.0.0.2', 'evil.test': '127.0.0.1', localhost: '127.0.0.1' };
  const lookup = vi.fn((hostname: string) => {
    const address = names[hostname];
    return address ? Promise.resolve([{ address, family: 4 }]) : Promise.reject(new Error(`ENOTFOUND ${hostname}`));
  });
  return { lookup, isAllowedAddress: (address) => address === '127.0.0.2' };
}

function parsed(outcome: ToolOutcome): JsonObject {
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${outcome.type}`);
  return JSON.parse(outcome.output) as JsonObject;
}

describe('fetch_url refuses private and reserved targets (SSRF)', () => {
  it('refuses a local HTTP server on 127.0.0.1 with the default policy, before any request', async () => {
    const before = privateHits;
    const context = createTestToolContext({ network: createNetworkPolicy({ allowPrivate: false }) });
    await expect(fetchUrl({ url: `http://127.0.0.1:${privatePort}/admin` }, context)).rejects.toThrow(/private or reserved address/);
    expect(privateHits).toBe(before);
  });

  it('refuses a public-looking name that resolves to 127.0.0.1 and connects to nothing', async () => {
    const before = privateHits;
    const network = testPolicy();
    await expect(fetchUrl({ url: `http://evil.test:${privatePort}/admin` }, createTestToolContext({ network }))).rejects.toThrow(
      /evil\.test resolves to 127\.0\.0\.1, a private or reserved address/,
    );
    expect(network.lookup).toHaveBeenCalledWith('evil.test');
    expect(privateHits).toBe(before);
  });

  it('fetches the allowed server by the address it checked, and follows a same-site redirect', async () => {
    const context = createTestToolContext({ network: testPolicy() });
    const result = parsed(await fetchUrl({ url: `http://public.test:${publicPort}/to-self` }, context));
    expect(result).toMatchObject({ url: `http://public.test:${publicPort}/hello`, status: 200, text: 'public /hello' });
  });

  it('refuses a redirect from the allowed server to 127.0.0.1 at the hop', async () => {
    const before = privateHits;
    for (const path of ['/to-private', '/to-localhost']) {
      const context = createTestToolContext({ network: testPolicy() });
      await expect(fetchUrl({ url: `http://public.test:${publicPort}${path}` }, context)).rejects.toThrow(
        /redirected to .*private or reserved address/,
      );
    }
    expect(privateHits).toBe(before);
  });

  it('stops after the redirect limit', async () => {
    const context = createTestToolContext({ network: testPolicy() });
    await expect(fetchUrl({ url: `http://public.test:${publicPort}/loop` }, context)).rejects.toThrow(
      `more than ${DEFAULTS.tools.fetchMaxRedirects} redirects`,
    );
  });

  it('refuses 169.254.169.254, ::1 and ::ffff:127.0.0.1 without resolving or connecting', async () => {
    const before = privateHits;
    const network = { ...createNetworkPolicy({ allowPrivate: false }), lookup: vi.fn() };
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${privatePort}/`,
      `http://[::ffff:127.0.0.1]:${privatePort}/admin`,
      `http://0.0.0.0:${privatePort}/`,
      `http://2130706433:${privatePort}/`,
      'http://[fd00::1]/',
      'http://10.0.0.1/',
    ]) {
      await expect(fetchUrl({ url }, createTestToolContext({ network }))).rejects.toThrow(/private or reserved address/);
    }
    expect(network.lookup).not.toHaveBeenCalled();
    expect(privateHits).toBe(before);
  });

  it('allows private hosts only when the setting says so', async () => {
    const context = createTestToolContext({ network: createNetworkPolicy({ allowPrivate: true }) });
    expect(parsed(await fetchUrl({ url: `http://127.0.0.1:${privatePort}/admin` }, context))).toMatchObject({ text: 'router admin page' });
  });

  it('classifies addresses: only global unicast is public', () => {
    for (const address of ['8.8.8.8', '2606:4700::1', '93.184.216.34']) expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1',
      '224.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address)).toBe(false);
  });
});

describe('no https to http downgrade', () => {
  it('refuses a redirect from https to http', async () => {
    const { checkRedirect } = await import('./network-policy');
    expect(() => checkRedirect(new URL('https://public.test/a'), 'http://public.test/b')).toThrow(/from https to http/);
    expect(checkRedirect(new URL('http://public.test/a'), 'https://public.test/b').href).toBe('https://public.test/b');
    expect(() => checkRedirect(new URL('https://public.test/a'), 'file:///etc/passwd')).toThrow(/Only http/);
  });
});
