import { describe, expect, it } from 'vitest';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { oauthFetch } from './oauth-fetch';
import { NEEDS_SIGN_IN, SignInRequired } from './sign-in-required';
import type { TacoOAuthProvider } from './taco-oauth-provider';

/**
 * The 403 `insufficient_scope` answer (step-up) alone, with a provider that records what it is
 * asked and a server that answers every request alike: the HTTP flows are in the integration tests.
 */
const SERVER = new URL('https://mcp.example.com/mcp');
const granted: OAuthTokens = { access_token: 'token-1', token_type: 'bearer', scope: 'mcp:read' };

function setup(answer: { status: number; challenge?: string }, signInRequested: boolean, tokens: OAuthTokens | null = granted) {
  const invalidated: string[] = [];
  const sent: (string | null)[] = [];
  const provider = {
    tokens: async () => tokens ?? undefined,
    clientInformation: async () => undefined,
    discoveryState: async () => undefined,
    invalidateCredentials: async (scope: string) => void invalidated.push(scope),
    prepare: async () => {
      throw new Error('authorization would start here');
    },
  } as unknown as TacoOAuthProvider;
  const next = async (_input: string | URL, init?: RequestInit) => {
    sent.push(new Headers(init?.headers).get('Authorization'));
    return new Response(null, { status: answer.status, headers: answer.challenge ? { 'WWW-Authenticate': answer.challenge } : {} });
  };
  const fetchFn = oauthFetch(provider, SERVER, { signInRequested: () => signInRequested, network: () => ({}) as never }, next);
  return { fetchFn, invalidated, sent };
}

const insufficient = (scope: string) => `Bearer error="insufficient_scope", scope="${scope}"`;

describe('oauthFetch: a 403 insufficient_scope (step-up)', () => {
  it('before Sign in, a wider scope needs Sign in, says so, and forgets nothing', async () => {
    const { fetchFn, invalidated, sent } = setup({ status: 403, challenge: insufficient('mcp:write') }, false);
    await expect(fetchFn(SERVER.href)).rejects.toThrow(
      new SignInRequired(`The server asks for more permissions than it was given. ${NEEDS_SIGN_IN}`),
    );
    expect(invalidated).toEqual([]);
    expect(sent).toEqual(['Bearer token-1']);
  });

  it('with no tokens stored at all, any challenged scope is wider than the grant', async () => {
    const { fetchFn, sent } = setup({ status: 403, challenge: insufficient('mcp:write') }, false, null);
    await expect(fetchFn(SERVER.href)).rejects.toThrow(/more permissions/);
    expect(sent).toEqual([null]);
  });

  it('before Sign in, a scope already granted is only a refresh of the stored sign-in (none here: Sign in is needed)', async () => {
    const { fetchFn } = setup({ status: 403, challenge: insufficient('mcp:read') }, false);
    const refused = fetchFn(SERVER.href);
    await expect(refused).rejects.toBeInstanceOf(SignInRequired);
    await expect(refused).rejects.not.toThrow(/more permissions/);
  });

  it('during Sign in, a wider scope drops the old tokens before authorizing again (a refresh cannot widen a grant)', async () => {
    const wider = setup({ status: 403, challenge: insufficient('mcp:write') }, true);
    await expect(wider.fetchFn(SERVER.href)).rejects.toThrow('authorization would start here');
    expect(wider.invalidated).toEqual(['tokens']);
    const same = setup({ status: 403, challenge: insufficient('mcp:read') }, true);
    await expect(same.fetchFn(SERVER.href)).rejects.toThrow('authorization would start here');
    expect(same.invalidated).toEqual([]);
  });

  it('a 403 for any other reason, and a plain 401 during Sign in, are not step-up: the first is the answer as it is', async () => {
    const forbidden = setup({ status: 403, challenge: 'Bearer error="invalid_token"' }, false);
    expect((await forbidden.fetchFn(SERVER.href, { headers: { Accept: 'application/json' } })).status).toBe(403);
    expect(forbidden.sent).toEqual(['Bearer token-1']);
    const badRequest = setup({ status: 400, challenge: insufficient('mcp:write') }, false);
    expect((await badRequest.fetchFn(SERVER.href)).status).toBe(400);
    const unauthorized = setup({ status: 401, challenge: 'Bearer scope="mcp:write"' }, true);
    await expect(unauthorized.fetchFn(SERVER.href)).rejects.toThrow('authorization would start here');
    expect(unauthorized.invalidated).toEqual([]);
  });
});
