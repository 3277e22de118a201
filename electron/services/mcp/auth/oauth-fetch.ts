import { auth, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { TacoOAuthProvider } from './taco-oauth-provider';

/** The scopes of both strings, in order, without repeats ("a b" + "b c" = "a b c"). */
export function scopeUnion(granted: string | undefined, challenged: string | undefined): string | undefined {
  const all = [...(granted ?? '').split(' '), ...(challenged ?? '').split(' ')].filter((scope) => scope !== '');
  return all.length > 0 ? [...new Set(all)].join(' ') : undefined;
}

function widens(wanted: string | undefined, granted: string | undefined): boolean {
  const have = new Set((granted ?? '').split(' '));
  return (wanted ?? '').split(' ').some((scope) => scope !== '' && !have.has(scope));
}

/**
 * A fetch for one URL server's transport that carries its OAuth access token and answers the
 * server's challenges: a 401 runs discovery (protected resource metadata, then authorization server
 * metadata), registration or the client's metadata document, refresh, or authorization code + PKCE
 * (the SDK's `auth`) with the scope the WWW-Authenticate header names; a 403 `insufficient_scope`
 * asks for the granted scopes plus the challenged ones (step-up). Each request is retried once, so
 * a server that keeps refusing ends as an error, not a loop. One authorization at a time.
 */
export function oauthFetch(provider: TacoOAuthProvider, serverUrl: URL, next: FetchLike = fetch): FetchLike {
  let authorizing: Promise<void> | null = null;

  const send = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const tokens = await provider.tokens();
    if (tokens) headers.set('Authorization', `Bearer ${tokens.access_token}`);
    return next(input, { ...init, headers });
  };

  const authorize = async (response: Response): Promise<void> => {
    const { resourceMetadataUrl, scope: challenged } = extractWWWAuthenticateParams(response);
    const previous = await provider.tokens();
    const stepUp = response.status === 403;
    const scope = stepUp ? scopeUnion(previous?.scope, challenged) : challenged;
    // A refresh cannot widen a grant (RFC 6749 §6): step-up needs a new authorization.
    if (stepUp && widens(scope, previous?.scope)) await provider.invalidateCredentials('tokens');
    await provider.prepare();
    const options = { serverUrl, resourceMetadataUrl, scope, fetchFn: next };
    const result = await auth(provider, options);
    if (result === 'REDIRECT') {
      const authorizationCode = await provider.takeGrant();
      const exchanged = await auth(provider, { ...options, authorizationCode });
      if (exchanged !== 'AUTHORIZED') throw new Error('The authorization server did not issue a token for the code.');
    }
  };

  return async (input, init) => {
    if (authorizing) await authorizing.catch(() => undefined);
    const response = await send(input, init);
    if (!needsAuthorization(response)) return response;
    authorizing ??= authorize(response).finally(() => {
      authorizing = null;
    });
    await authorizing;
    return send(input, init);
  };
}

function needsAuthorization(response: Response): boolean {
  if (response.status === 401) return true;
  return response.status === 403 && extractWWWAuthenticateParams(response).error === 'insufficient_scope';
}
