import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { startOAuthMcpServer, type OAuthMcpServerOptions } from '../../../../test-support/mcp/oauth-mcp-server';
import { createNetworkPolicy } from '../../../../tools/web/network-policy';
import { headlessAuthorizer, type Authorizer } from './authorizer';
import { accountOf, createMcpAuth, usesOAuth, type McpAuthOptions } from './mcp-auth';
import { NEEDS_SIGN_IN } from './sign-in-required';
import { createTokenStore } from './token-store';

/**
 * createMcpAuth over a real OAuth-protected MCP server on 127.0.0.1 (test-support/mcp/oauth-mcp-server.ts),
 * without the MCP service: when the browser may be asked (only after Sign in, once), what Sign in
 * sends, and what status says for which address.
 */
const cleanups = cleanupAfterEach(MCP_TEST_TIMEOUT_MS);
afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = 1_700_000_000_000;

async function setup(options: { server?: OAuthMcpServerOptions; network?: McpAuthOptions['network'] } = {}) {
  const server = await startOAuthMcpServer(options.server);
  cleanups.defer(() => server.close());
  const authorized: string[] = [];
  let prepared = 0;
  let closed = 0;
  // No browser: the authorization server needs no login, so following its page gives the code.
  const headless = headlessAuthorizer('http://127.0.0.1:9/callback');
  const authorizer: Authorizer = {
    redirectUrl: headless.redirectUrl,
    prepare: async () => void (prepared += 1),
    authorize: (url, signal) => {
      authorized.push(url.href);
      return headless.authorize(url, signal);
    },
    close: async () => void (closed += 1),
  };
  const auth = createMcpAuth({
    store: createTokenStore(cleanups.tempDir('taco-mcp-auth-unit-'), null),
    authorizer,
    ...(options.network ? { network: options.network } : {}),
    now: () => NOW,
  });
  const url = new URL(server.url);
  /** One MCP request through the server's auth fetch, as the transport sends it. */
  const call = (name = 'remote') =>
    auth.authFetch(name, url)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
  return { server, auth, url, call, authorized, prepared: () => prepared, closed: () => closed };
}

/**
 * Every fetch to the server's /mcp that carries a token, with what was sent and the status it got
 * (`answer` may replace its response); and the client registrations' bodies.
 */
function recordMcpRequests(answer?: (status: number) => Response | null) {
  const real = globalThis.fetch;
  const sent: Array<{ method: string | undefined; headers: Record<string, string>; body: unknown; status: number }> = [];
  const registrations: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const headers = new Headers(init?.headers);
    const where = new URL(String(input instanceof Request ? input.url : input)).pathname;
    if (where === '/register') registrations.push(JSON.parse(String(init?.body)));
    const toMcp = where === '/mcp' && headers.has('authorization');
    const response = await real(input, init);
    if (!toMcp) return response;
    sent.push({
      method: init?.method,
      headers: { 'content-type': headers.get('content-type') ?? '', accept: headers.get('accept') ?? '' },
      body: JSON.parse(String(init?.body)) as unknown,
      status: response.status,
    });
    return answer?.(response.status) ?? response;
  });
  return { sent, registrations };
}

describe('createMcpAuth: the browser only after Sign in, and once', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('before Sign in a 401 asks for sign-in: no authorization, no page shown', async () => {
    const t = await setup();
    const pages: string[] = [];
    t.auth.onAuthorizationPage((server, page) => void pages.push(`${server} ${page}`));
    await expect(t.call()).rejects.toThrow(NEEDS_SIGN_IN);
    expect(t.authorized).toEqual([]);
    expect(pages).toEqual([]);
    expect(t.server.requests.filter((request) => !request.endsWith(' /mcp'))).toEqual([]);
  });

  it('Sign in authorizes once, tells each page listener (until unsubscribed), and the server is then signed in for its address', async () => {
    const t = await setup();
    const { sent, registrations } = recordMcpRequests();
    const pages: string[] = [];
    const dropped: string[] = [];
    t.auth.onAuthorizationPage((server, page) => void pages.push(`${server} ${page}`));
    const unsubscribe = t.auth.onAuthorizationPage((server) => void dropped.push(server));
    unsubscribe();
    await t.auth.signIn('remote', t.url, '9.9.9');

    expect(t.authorized).toHaveLength(1);
    expect(pages).toEqual([`remote ${t.authorized[0]}`]);
    expect(dropped).toEqual([]);
    expect(t.prepared()).toBeGreaterThan(0);
    expect(new URL(t.authorized[0] ?? '').searchParams.get('redirect_uri')).toBe('http://127.0.0.1:9/callback');
    // The one request Sign in sends once authorized: MCP's initialize, which the server accepts.
    expect(sent).toEqual([
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: expect.any(String) as unknown, capabilities: {}, clientInfo: { name: 'TACO', version: '9.9.9' } },
        },
        status: 200,
      },
    ]);
    expect(registrations).toEqual([expect.objectContaining({ client_name: 'TACO' })]);
    expect(await t.auth.status('remote', t.url)).toEqual({ state: 'signed-in', account: null, signedInAt: NOW });
    expect(await t.auth.status('remote', new URL('https://elsewhere.example/mcp'))).toEqual({
      state: 'signed-out',
      account: null,
      signedInAt: null,
    });

    // The permission was used: once signed out, a 401 asks for sign-in again without the browser.
    await t.auth.signOut('remote');
    expect(await t.auth.status('remote', t.url)).toMatchObject({ state: 'signed-out' });
    await expect(t.call()).rejects.toThrow(NEEDS_SIGN_IN);
    expect(t.authorized).toHaveLength(1);
  });

  it('allowSignIn lets the next authorization of that server (not another) open the browser, once', async () => {
    const t = await setup();
    t.auth.allowSignIn('other');
    await expect(t.call('remote')).rejects.toThrow(NEEDS_SIGN_IN);
    t.auth.allowSignIn('remote');
    const answer = await t.call('remote');
    await answer.body?.cancel();
    expect(answer.status).toBe(200);
    expect(t.authorized).toHaveLength(1);
    await t.auth.signOut('remote');
    await expect(t.call('remote')).rejects.toThrow(NEEDS_SIGN_IN);
    expect(t.authorized).toHaveLength(1);
  });

  it('a server that still refuses after the sign-in is an error with its status, and the permission is gone', async () => {
    for (const refusal of [401, 403]) {
      const t = await setup();
      recordMcpRequests(() => new Response(null, { status: refusal }));
      await expect(t.auth.signIn('remote', t.url, '1')).rejects.toThrow(
        `The server still refuses TACO after the sign-in (HTTP ${refusal}).`,
      );
      vi.restoreAllMocks();
      const authorizedBefore = t.authorized.length;
      await t.auth.signOut('remote');
      await expect(t.call()).rejects.toThrow(NEEDS_SIGN_IN);
      expect(t.authorized).toHaveLength(authorizedBefore);
    }
  });

  it('Sign in while still signed in needs no authorization, and leaves no permission behind', async () => {
    const t = await setup();
    await t.auth.signIn('remote', t.url, '1');
    await t.auth.signIn('remote', t.url, '1');
    expect(t.authorized).toHaveLength(1);
    await t.auth.signOut('remote');
    await expect(t.call()).rejects.toThrow(NEEDS_SIGN_IN);
    expect(t.authorized).toHaveLength(1);
  });

  it('close closes the authorizer', async () => {
    const t = await setup();
    await t.auth.close();
    expect(t.closed()).toBe(1);
  });
});

describe('createMcpAuth: OAuth requests to another origin pass the network policy', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('by default only public addresses: an authorization server on 127.0.0.1 elsewhere is refused', async () => {
    const elsewhere = await startOAuthMcpServer();
    cleanups.defer(() => elsewhere.close());
    const t = await setup({ server: { authorizationServer: elsewhere } });
    await expect(t.auth.signIn('remote', t.url, '1')).rejects.toThrow(/private or reserved address/);
    expect(elsewhere.requests).toEqual([]);
  });

  it('the policy given is read instead', async () => {
    const elsewhere = await startOAuthMcpServer();
    cleanups.defer(() => elsewhere.close());
    const t = await setup({ server: { authorizationServer: elsewhere }, network: () => createNetworkPolicy({ allowPrivate: true }) });
    await t.auth.signIn('remote', t.url, '1');
    expect(elsewhere.grants).toEqual(['authorization_code']);
  });
});

describe('accountOf: who the ID token names, for display', () => {
  const token = (claims: Record<string, unknown>): string => `head.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

  it('the first string of email, preferred_username, name, sub; cut to 200 characters', () => {
    expect(accountOf(token({ sub: 's', name: 'n', preferred_username: 'p', email: 'e@x' }))).toBe('e@x');
    expect(accountOf(token({ sub: 's', name: 'n', preferred_username: 'p' }))).toBe('p');
    expect(accountOf(token({ sub: 's', name: 'n', email: 7 }))).toBe('n');
    expect(accountOf(token({ sub: 's' }))).toBe('s');
    expect(accountOf(token({ email: 'a'.repeat(300) }))).toBe('a'.repeat(200));
  });

  it('null without a token, a payload, a string claim or valid JSON', () => {
    expect(accountOf(undefined)).toBeNull();
    expect(accountOf('only-one-part')).toBeNull();
    expect(accountOf('head..sig')).toBeNull();
    expect(accountOf(token({ sub: 42 }))).toBeNull();
    expect(accountOf(`head.${Buffer.from('not json').toString('base64url')}.sig`)).toBeNull();
  });

  it('status names the account the stored ID token names', async () => {
    const dataDir = cleanups.tempDir('taco-mcp-auth-unit-');
    const store = createTokenStore(dataDir, null);
    const url = new URL('https://mcp.example.com/mcp');
    await store.write('remote', url, { tokens: { access_token: 'a', token_type: 'bearer', id_token: token({ email: 'me@x' }) } });
    const auth = createMcpAuth({ store, authorizer: headlessAuthorizer('http://127.0.0.1:9/callback'), now: () => 0 });
    expect(await auth.status('remote', url)).toEqual({ state: 'signed-in', account: 'me@x', signedInAt: null });
    // An authorizer with nothing to close (the headless one) closes as well.
    await expect(auth.close()).resolves.toBeUndefined();
  });
});

describe('usesOAuth: a URL server without its own Authorization header', () => {
  it('decides by the URL and the header, in any case', () => {
    expect(usesOAuth(undefined)).toBe(false);
    expect(usesOAuth({ command: 'node' })).toBe(false);
    expect(usesOAuth({ url: 'https://mcp.example.com/mcp' })).toBe(true);
    expect(usesOAuth({ url: 'https://mcp.example.com/mcp', headers: { 'X-Key': 'k' } })).toBe(true);
    expect(usesOAuth({ url: 'https://mcp.example.com/mcp', headers: { AUTHORIZATION: 'Bearer k' } })).toBe(false);
  });
});
