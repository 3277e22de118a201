import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { describe, expect, it } from 'vitest';
import type { AuthorizationGrant, Authorizer } from './authorizer';
import { TacoOAuthProvider } from './taco-oauth-provider';
import type { StoredServerAuth, TokenStore } from './token-store';

/** The SDK's provider over TACO's token store: what it reads and writes for which server and address, and the one flow's verifier and grant. */
const ADDRESS = new URL('https://mcp.example.com/mcp');
const tokens: OAuthTokens = { access_token: 'token-1', token_type: 'bearer' };
const client = { client_id: 'taco-client' };
const discovery = { authorizationServerUrl: 'https://auth.example.com' } as unknown as OAuthDiscoveryState;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setup(stored: StoredServerAuth | null = null, reads: Array<Promise<StoredServerAuth | null>> = []) {
  const readFor: string[] = [];
  const written: Array<{ server: string; address: string; auth: StoredServerAuth }> = [];
  const store: TokenStore = {
    read: async (server, address) => {
      readFor.push(`${server} ${address.href}`);
      return reads.shift() ?? stored;
    },
    write: async (server, address, auth) => void written.push({ server, address: address.href, auth }),
    remove: async () => undefined,
  };
  const authorizations: Array<{ url: string; signal: AbortSignal }> = [];
  const grants: Array<ReturnType<typeof deferred<AuthorizationGrant>>> = [];
  let prepared = 0;
  const authorizer: Authorizer = {
    redirectUrl: 'http://127.0.0.1:4321/callback',
    prepare: async () => void (prepared += 1),
    authorize: (url, signal) => {
      authorizations.push({ url: url.href, signal });
      const grant = deferred<AuthorizationGrant>();
      grants.push(grant);
      return grant.promise;
    },
  };
  const provider = new TacoOAuthProvider({ server: 'remote', address: ADDRESS, store, authorizer, clientName: 'TACO', now: () => 1234 });
  return { provider, readFor, written, authorizations, grants, prepared: () => prepared };
}

describe('TacoOAuthProvider: what it tells the SDK about the client', () => {
  it('the redirect URI is the authorizer’s; public client with code and refresh grants; no metadata document unless given', () => {
    const { provider } = setup();
    expect(provider.redirectUrl).toBe('http://127.0.0.1:4321/callback');
    expect(provider.clientMetadataUrl).toBeUndefined();
    expect(provider.clientMetadata).toStrictEqual({
      client_name: 'TACO',
      redirect_uris: ['http://127.0.0.1:4321/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    const withDocument = new TacoOAuthProvider({
      server: 'remote',
      address: ADDRESS,
      store: { read: async () => null, write: async () => undefined, remove: async () => undefined },
      authorizer: { redirectUrl: 'x', prepare: async () => undefined, authorize: async () => ({ code: 'c' }) },
      clientName: 'TACO',
      clientMetadataUrl: 'https://taco.example/client.json',
      now: () => 0,
    });
    expect(withDocument.clientMetadataUrl).toBe('https://taco.example/client.json');
  });
});

describe('TacoOAuthProvider: the stored state, for this server at this address', () => {
  it('reads the store once, for the server and its address; nothing stored is nothing known', async () => {
    const { provider, readFor } = setup();
    expect(await provider.tokens()).toBeUndefined();
    expect(await provider.clientInformation()).toBeUndefined();
    expect(await provider.discoveryState()).toBeUndefined();
    expect(readFor).toEqual(['remote https://mcp.example.com/mcp']);
  });

  it('hands back what was stored', async () => {
    const { provider } = setup({ tokens, clientInformation: client, discoveryState: discovery });
    expect(await provider.tokens()).toEqual(tokens);
    expect(await provider.clientInformation()).toEqual(client);
    expect(await provider.discoveryState()).toEqual(discovery);
  });

  it('saves tokens with when they were saved, keeping what else was stored, for the server and its address', async () => {
    const { provider, written } = setup({ clientInformation: client });
    await provider.saveTokens(tokens);
    expect(written).toStrictEqual([
      { server: 'remote', address: 'https://mcp.example.com/mcp', auth: { clientInformation: client, tokens, signedInAt: 1234 } },
    ]);
    expect(await provider.tokens()).toEqual(tokens);
  });

  it('saves the client registration and the discovery result', async () => {
    const { provider, written } = setup();
    await provider.saveClientInformation(client);
    await provider.saveDiscoveryState(discovery);
    expect(written.map((each) => each.auth)).toStrictEqual([
      { clientInformation: client },
      { clientInformation: client, discoveryState: discovery },
    ]);
  });

  it('a save that finished while the first read was under way wins over that read', async () => {
    const slow = deferred<StoredServerAuth | null>();
    const { provider } = setup(null, [slow.promise, Promise.resolve({})]);
    const first = provider.tokens();
    await provider.saveTokens(tokens);
    slow.resolve({});
    expect(await first).toEqual(tokens);
  });

  it('forgets exactly what each scope names, leaving no empty keys in the file, and writes nothing for the verifier alone', async () => {
    const full = { tokens, signedInAt: 5, clientInformation: client, discoveryState: discovery };
    const after = async (scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') => {
      const { provider, written } = setup({ ...full });
      await provider.invalidateCredentials(scope);
      return written.map((each) => each.auth);
    };
    expect(await after('all')).toStrictEqual([{}]);
    expect(await after('client')).toStrictEqual([{ tokens, signedInAt: 5, discoveryState: discovery }]);
    expect(await after('tokens')).toStrictEqual([{ clientInformation: client, discoveryState: discovery }]);
    expect(await after('discovery')).toStrictEqual([{ tokens, signedInAt: 5, clientInformation: client }]);
    expect(await after('verifier')).toStrictEqual([]);
  });
});

describe('TacoOAuthProvider: the one authorization in flight', () => {
  it('the PKCE verifier exists only once saved, and only "all" and "verifier" forget it', async () => {
    const { provider } = setup();
    expect(() => provider.codeVerifier()).toThrow('No PKCE code verifier: the authorization was not started here.');
    for (const scope of ['client', 'tokens', 'discovery'] as const) {
      provider.saveCodeVerifier('verifier-1');
      await provider.invalidateCredentials(scope);
      expect(provider.codeVerifier()).toBe('verifier-1');
    }
    for (const scope of ['all', 'verifier'] as const) {
      provider.saveCodeVerifier('verifier-1');
      await provider.invalidateCredentials(scope);
      expect(() => provider.codeVerifier()).toThrow(/No PKCE code verifier/);
    }
  });

  it('a fresh, unguessable state per authorization', () => {
    const { provider } = setup();
    const states = [provider.state(), provider.state()];
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(states[0]).not.toBe(states[1]);
  });

  it('the authorization is started at the URL and its code taken once', async () => {
    const { provider, authorizations, grants } = setup();
    await expect(provider.takeGrant()).rejects.toThrow('No authorization is in progress.');
    provider.redirectToAuthorization(new URL('https://auth.example.com/authorize?state=s'));
    expect(authorizations.map((each) => [each.url, each.signal.aborted])).toEqual([['https://auth.example.com/authorize?state=s', false]]);
    grants[0]?.resolve({ code: 'code-1' });
    expect(await provider.takeGrant()).toBe('code-1');
    await expect(provider.takeGrant()).rejects.toThrow('No authorization is in progress.');
  });

  it('a refused authorization is the error takeGrant gives, and nothing else sees it unhandled', async () => {
    const { provider, grants } = setup();
    provider.redirectToAuthorization(new URL('https://auth.example.com/authorize'));
    grants[0]?.reject(new Error('refused'));
    // Settles the rejection before anything awaits it: an unobserved rejection would fail the run.
    await new Promise((resolve) => setImmediate(resolve));
    await expect(provider.takeGrant()).rejects.toThrow('refused');
  });

  it('prepare prepares the authorizer (the redirect URI exists before registration)', async () => {
    const { provider, prepared } = setup();
    await provider.prepare();
    expect(prepared()).toBe(1);
  });
});
