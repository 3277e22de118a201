import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../test-support/cleanups';
import type { NetworkPolicy } from '../catalogue/tool-runtime-types';
import { policyFetch } from './policy-fetch';

const cleanups = cleanupAfterEach();

/** A loopback server that records what reached it and answers `status` with the request's body echoed. */
async function recorder(status = 200): Promise<{ port: number; seen: Array<{ req: IncomingMessage; body: string }> }> {
  const seen: Array<{ req: IncomingMessage; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ req, body });
      res
        .writeHead(status, { 'content-type': 'application/json', 'x-many': ['a', 'b'] })
        .end(status === 204 ? undefined : `{"got":${JSON.stringify(body)}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, seen };
}

/** Every name resolves to `address`; `allowed` decides which addresses pass. */
const policy = (address: string, allowed: (address: string) => boolean): NetworkPolicy => ({
  lookup: async () => [{ address, family: 4 }],
  isAllowedAddress: allowed,
});

describe('policyFetch: requests on a remote party’s word pass the network policy', () => {
  it('connects to the address that was checked, not to a second resolution of the name, and carries method, headers and body', async () => {
    const server = await recorder();
    // "oauth.invalid" resolves nowhere: the request can only arrive through the checked address.
    const fetchChecked = policyFetch(() => policy('127.0.0.1', () => true), 'the test rule');
    const response = await fetchChecked(`http://oauth.invalid:${server.port}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-many')).toBe('a, b');
    await expect(response.json()).resolves.toEqual({ got: 'grant_type=refresh_token' });
    expect(server.seen[0]?.req.method).toBe('POST');
    expect(server.seen[0]?.req.headers.host).toBe(`oauth.invalid:${server.port}`);
  });

  it('refuses an address the policy does not allow, with the rule’s words, and sends nothing', async () => {
    const server = await recorder();
    const publicOnly = policyFetch(() => policy('127.0.0.1', () => false), 'the sign-in reaches public addresses only');
    await expect(publicOnly(`http://metadata.invalid:${server.port}/x`)).rejects.toThrow(
      /resolves to 127\.0\.0\.1, a private or reserved address, so it is refused: the sign-in reaches public addresses only/,
    );
    await expect(publicOnly(`http://127.0.0.1:${server.port}/x`)).rejects.toThrow(/private or reserved address/);
    expect(server.seen).toEqual([]);
  });

  it('reads the policy at each request, and answers a status without a body as one', async () => {
    const server = await recorder(204);
    let allow = false;
    const fetchChecked = policyFetch(() => policy('127.0.0.1', () => allow), 'rule');
    await expect(fetchChecked(`http://127.0.0.1:${server.port}/`)).rejects.toThrow(/refused/);
    allow = true;
    const response = await fetchChecked(`http://127.0.0.1:${server.port}/`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});
