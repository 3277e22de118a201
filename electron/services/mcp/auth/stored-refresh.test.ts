import { describe, expect, it } from 'vitest';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { SignInRequired } from './sign-in-required';
import { refreshStoredSignIn } from './stored-refresh';
import type { TacoOAuthProvider } from './taco-oauth-provider';

/** Before Sign in, only a complete stored sign-in is refreshed: anything missing asks for Sign in, with no request at all. */
const SERVER = new URL('https://mcp.example.com/mcp');
const tokens: OAuthTokens = { access_token: 'old', token_type: 'bearer', refresh_token: 'refresh-1' };
const client: OAuthClientInformationMixed = { client_id: 'taco-client' };
const discovery = {
  authorizationServerUrl: 'https://auth.example.com',
  authorizationServerMetadata: undefined,
  resourceMetadata: undefined,
} as unknown as OAuthDiscoveryState;

function providerWith(stored: {
  tokens?: OAuthTokens;
  client?: OAuthClientInformationMixed;
  discovery?: OAuthDiscoveryState;
}): TacoOAuthProvider {
  return {
    tokens: async () => stored.tokens,
    clientInformation: async () => stored.client,
    discoveryState: async () => stored.discovery,
  } as unknown as TacoOAuthProvider;
}

describe('refreshStoredSignIn: what it needs before it sends anything', () => {
  it.each([
    ['no refresh token', { tokens: { access_token: 'old', token_type: 'bearer' }, client, discovery }],
    ['no tokens', { client, discovery }],
    ['no client registration', { tokens, discovery }],
    ['no authorization server found at sign-in', { tokens, client }],
  ])('%s: Sign in is needed, and nothing is fetched', async (_what, stored) => {
    const fetched: string[] = [];
    const fetchFn = async (input: string | URL) => {
      fetched.push(String(input));
      return new Response('{}', { status: 500 });
    };
    await expect(refreshStoredSignIn(providerWith(stored), SERVER, fetchFn)).rejects.toBeInstanceOf(SignInRequired);
    expect(fetched).toEqual([]);
  });
});

/** A token endpoint that records each refresh request's form and answers with `reply`. */
function tokenEndpoint(reply: () => Response) {
  const requests: { url: string; form: URLSearchParams }[] = [];
  const fetchFn = async (input: string | URL, init?: RequestInit) => {
    requests.push({ url: String(input), form: new URLSearchParams(String(init?.body)) });
    return reply();
  };
  return { requests, fetchFn };
}

function recordingProvider(stored: { discovery: OAuthDiscoveryState }) {
  const saved: OAuthTokens[] = [];
  const invalidated: string[] = [];
  const provider = {
    ...providerWith({ tokens, client, discovery: stored.discovery }),
    saveTokens: async (next: OAuthTokens) => void saved.push(next),
    invalidateCredentials: async (scope: string) => void invalidated.push(scope),
  } as unknown as TacoOAuthProvider;
  return { provider, saved, invalidated };
}

const fresh = () => Response.json({ access_token: 'new', token_type: 'bearer', refresh_token: 'refresh-2' });

describe('refreshStoredSignIn: the refresh it sends and what it keeps', () => {
  it('without resource metadata: one refresh at the stored authorization server, no resource indicator; the new tokens are saved with their issuer', async () => {
    const { provider, saved } = recordingProvider({ discovery });
    const endpoint = tokenEndpoint(fresh);
    await refreshStoredSignIn(provider, SERVER, endpoint.fetchFn);
    expect(endpoint.requests.map((each) => each.url)).toEqual(['https://auth.example.com/token']);
    const form = endpoint.requests[0]?.form;
    expect(form?.get('grant_type')).toBe('refresh_token');
    expect(form?.get('refresh_token')).toBe('refresh-1');
    expect(form?.has('resource')).toBe(false);
    expect(saved).toEqual([
      expect.objectContaining({ access_token: 'new', refresh_token: 'refresh-2', issuer: 'https://auth.example.com' }),
    ]);
  });

  it("with resource metadata: the metadata's resource indicator is sent verbatim (not as the URL parser rewrites it)", async () => {
    const withMetadata = { ...discovery, resourceMetadata: { resource: 'https://mcp.example.com' } } as unknown as OAuthDiscoveryState;
    const endpoint = tokenEndpoint(fresh);
    await refreshStoredSignIn(recordingProvider({ discovery: withMetadata }).provider, SERVER, endpoint.fetchFn);
    expect(endpoint.requests[0]?.form.get('resource')).toBe('https://mcp.example.com');
  });

  it('resource metadata stored for another address: refused before anything is sent', async () => {
    const elsewhere = { ...discovery, resourceMetadata: { resource: 'https://other.example.com/mcp' } } as unknown as OAuthDiscoveryState;
    const endpoint = tokenEndpoint(fresh);
    await expect(refreshStoredSignIn(recordingProvider({ discovery: elsewhere }).provider, SERVER, endpoint.fetchFn)).rejects.toThrow(
      /does not match/,
    );
    expect(endpoint.requests).toEqual([]);
  });

  it('a refused refresh (invalid_grant) forgets the tokens and asks for Sign in', async () => {
    const { provider, saved, invalidated } = recordingProvider({ discovery });
    const endpoint = tokenEndpoint(() => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    await expect(refreshStoredSignIn(provider, SERVER, endpoint.fetchFn)).rejects.toThrow(/expired/);
    expect(invalidated).toEqual(['tokens']);
    expect(saved).toEqual([]);
  });

  it('any other failure (the server is down) keeps the stored sign-in and is reported as it is', async () => {
    const { provider, saved, invalidated } = recordingProvider({ discovery });
    const endpoint = tokenEndpoint(() => Response.json({ error: 'temporarily_unavailable' }, { status: 503 }));
    const refused = refreshStoredSignIn(provider, SERVER, endpoint.fetchFn);
    await expect(refused).rejects.toThrow();
    await expect(refused).rejects.not.toBeInstanceOf(SignInRequired);
    expect(invalidated).toEqual([]);
    expect(saved).toEqual([]);
  });
});
