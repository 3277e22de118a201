import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { startOAuthMcpServer, type OAuthMcpServer, type OAuthMcpServerOptions } from '../../../../test-support/mcp/oauth-mcp-server';
import { failed, startOAuthHarness } from '../testing/oauth-harness';

const cleanups = cleanupAfterEach(MCP_TEST_TIMEOUT_MS);

async function oauthServer(options?: OAuthMcpServerOptions): Promise<OAuthMcpServer> {
  const server = await startOAuthMcpServer(options);
  cleanups.defer(() => server.close());
  return server;
}

describe('OAuth discovery, registration and tokens wait for Sign in and pass the network policy', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('a 401 before Sign in only marks the server as needing sign-in: no metadata, registration or token request', async () => {
    const server = await oauthServer();
    const t = startOAuthHarness(cleanups, { dataDir: cleanups.tempDir('taco-oauth-consent-'), servers: { remote: { url: server.url } } });
    expect((await t.waitFor('remote', failed)).error).toMatch(/sign in/i);
    await t.service.settled(MCP_TEST_TIMEOUT_MS);
    expect(server.requests.filter((request) => !request.endsWith(' /mcp'))).toEqual([]);
    expect(t.opened).toEqual([]);
  });

  it('before Sign in only the stored sign-in is refreshed; a refused refresh signs out and asks for sign-in, with nothing discovered or registered', async () => {
    const server = await oauthServer();
    const t = startOAuthHarness(cleanups, { dataDir: cleanups.tempDir('taco-oauth-consent-'), servers: { remote: { url: server.url } } });
    expect((await t.waitFor('remote', failed)).error).toMatch(/sign in/i);
    await t.service.signIn('remote');
    await t.waitFor('remote', (view) => view.status === 'ready');
    const afterSignIn = server.requests.length;

    server.expireAccessTokens();
    server.revokeRefreshTokens();
    await t.service.restart('remote');
    expect((await t.waitFor('remote', failed)).error).toMatch(/expired.*sign in/i);
    expect(server.requests.slice(afterSignIn).filter((request) => !request.endsWith(' /mcp'))).toEqual(['POST /token']);
    expect(server.grants).toEqual(['authorization_code', 'refresh_token']);
    await expect(t.service.authStatus('remote')).resolves.toMatchObject({ state: 'signed-out' });
    expect(t.opened).toHaveLength(1);
  });

  it('an authorization server on another origin is reached only when the network policy allows it; the configured server’s own origin always is', async () => {
    const elsewhere = await oauthServer();
    const server = await oauthServer({ authorizationServer: elsewhere });
    let allowPrivate = false;
    const t = startOAuthHarness(cleanups, {
      dataDir: cleanups.tempDir('taco-oauth-consent-'),
      servers: { remote: { url: server.url, approval: 'never-ask' } },
      allowPrivateNetwork: () => allowPrivate,
    });
    expect((await t.waitFor('remote', failed)).error).toMatch(/sign in/i);

    // The server's own metadata (its origin is the one the user configured) is read; the other origin, on 127.0.0.1, is refused.
    await expect(t.service.signIn('remote')).rejects.toThrow(/private or reserved address/);
    expect(server.requests).toContain('GET /.well-known/oauth-protected-resource/mcp');
    expect(elsewhere.requests).toEqual([]);
    expect(t.opened).toEqual([]);

    // Settings → allow private network addresses: the same sign-in goes through.
    allowPrivate = true;
    await t.service.signIn('remote');
    await t.waitFor('remote', (view) => view.status === 'ready');
    expect(elsewhere.grants).toEqual(['authorization_code']);
    expect(t.opened).toHaveLength(1);
  });
});
