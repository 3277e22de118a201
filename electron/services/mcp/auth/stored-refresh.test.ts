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
