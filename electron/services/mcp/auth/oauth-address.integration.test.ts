import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../../../test-support/mcp/oauth-mcp-server';
import { failed, startOAuthHarness } from '../testing/oauth-harness';

const cleanups = cleanupAfterEach(MCP_TEST_TIMEOUT_MS);

async function oauthServer(): Promise<OAuthMcpServer> {
  const server = await startOAuthMcpServer();
  cleanups.defer(() => server.close());
  return server;
}

const tokenFile = (dataDir: string): string => path.join(dataDir, 'mcp-auth', 'remote.json');

/** `remote` at `old`, signed in (tokens stored), with an access token that has since expired. */
async function signedInAt(old: OAuthMcpServer) {
  const dataDir = cleanups.tempDir('taco-oauth-address-');
  const t = startOAuthHarness(cleanups, { dataDir, servers: { remote: { url: old.url, approval: 'never-ask' } } });
  expect((await t.waitFor('remote', failed)).error).toMatch(/sign in/i);
  await t.service.signIn('remote');
  await t.waitFor('remote', (view) => view.status === 'ready');
  expect(old.grants).toEqual(['authorization_code']);
  // Were the stored tokens used anywhere, the next request would need a refresh at `old`.
  old.expireAccessTokens();
  return { dataDir, t };
}

describe('OAuth tokens belong to the address they were issued for, not to the server’s name', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('a server moved to another address (mcp.save, replace) is signed out: no bearer there, no refresh at the old authorization server', async () => {
    const [old, moved] = [await oauthServer(), await oauthServer()];
    const { dataDir, t } = await signedInAt(old);

    await t.service.save('remote', { url: moved.url, approval: 'never-ask' }, true);
    const view = await t.waitFor('remote', failed);
    expect(moved.bearers).toEqual([]);
    expect(old.grants).toEqual(['authorization_code']);
    expect(view.error).toMatch(/sign in/i);
    expect(existsSync(tokenFile(dataDir))).toBe(false);
    await expect(t.service.authStatus('remote')).resolves.toMatchObject({ state: 'signed-out' });
  });

  it('mcp.remove deletes the token file; a server imported later under the same name gets no token', async () => {
    const [old, other] = [await oauthServer(), await oauthServer()];
    const { dataDir, t } = await signedInAt(old);

    await t.service.remove('remote');
    expect(existsSync(tokenFile(dataDir))).toBe(false);
    await t.service.importJson(JSON.stringify({ mcpServers: { remote: { url: other.url } } }));
    await t.service.setEnabled('remote', true);
    expect((await t.waitFor('remote', failed)).error).toMatch(/sign in/i);
    expect(other.bearers).toEqual([]);
    expect(old.grants).toEqual(['authorization_code']);
  });

  it('the CLI’s --mcp-config naming a stored server at another address never sends it that sign-in, and leaves the sign-in for its own address', async () => {
    const [old, other] = [await oauthServer(), await oauthServer()];
    const { dataDir, t } = await signedInAt(old);
    await t.service.dispose();

    const extra = path.join(dataDir, 'run.json');
    writeFileSync(extra, JSON.stringify({ mcpServers: { remote: { url: other.url, approval: 'never-ask' } } }));
    const cli = startOAuthHarness(cleanups, { dataDir, extraConfigFile: extra });
    const view = await cli.waitFor('remote', failed);
    expect(other.bearers).toEqual([]);
    expect(old.grants).toEqual(['authorization_code']);
    expect(view.error).toMatch(/sign in/i);
    await cli.service.dispose();

    // mcp.json's own server, at the address it signed in to, still refreshes silently.
    const app = startOAuthHarness(cleanups, { dataDir });
    await app.waitFor('remote', (view) => view.status === 'ready');
    expect(old.grants).toEqual(['authorization_code', 'refresh_token']);
    expect(app.opened).toEqual([]);
  });

  it('a token file that names no address (written before tokens were bound) is never used', async () => {
    const server = await oauthServer();
    const dataDir = cleanups.tempDir('taco-oauth-address-');
    mkdirSync(path.join(dataDir, 'mcp-auth'), { recursive: true, mode: 0o700 });
    const legacy = { tokens: { access_token: 'legacy-access', token_type: 'bearer', refresh_token: 'legacy-refresh' }, signedInAt: 1 };
    writeFileSync(tokenFile(dataDir), JSON.stringify(legacy), { mode: 0o600 });

    const t = startOAuthHarness(cleanups, { dataDir, servers: { remote: { url: server.url } } });
    expect((await t.waitFor('remote', failed)).error).toMatch(/sign in/i);
    expect(server.bearers).toEqual([]);
    expect(server.grants).toEqual([]);
    await expect(t.service.authStatus('remote')).resolves.toMatchObject({ state: 'signed-out' });
  });
});
