import { auth, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { NetworkPolicy } from '../../../../tools/catalogue/tool-runtime-types';
import { policyFetch } from '../../../../tools/web/policy-fetch';
import { sameOriginFetch } from '../../provider/same-origin-fetch';
import { cappedBodyFetch } from '../connection/mcp-limits';
import { NEEDS_SIGN_IN, SignInRequired } from './sign-in-required';
import { refreshStoredSignIn } from './stored-refresh';
import type { TacoOAuthProvider } from './taco-oauth-provider';

export interface OAuthFetchOptions {
  /** True while the user's Sign in for this server runs: discovery, registration and a new authorization may run. */
  signInRequested(): boolean;
  /** The policy for OAuth requests to any origin other than the server's (fetch_url's: settings decide private addresses). */
  network(): NetworkPolicy;
}

/** The words of a refusal by the network policy. */
const OAUTH_RULE =
  "an MCP server's sign-in reaches addresses other than the server's own only when they are public (Settings can allow private network addresses)";

/**
 * The fetch of every OAuth request for a server (metadata, registration, token): the server's own
 * origin, which the user configured, through the transport's fetch; any other origin the server
 * names only through the network policy, connected to the checked address, redirects kept within it.
 */
export function oauthRequestFetch(serverUrl: URL, next: FetchLike, network: () => NetworkPolicy): FetchLike {
  const elsewhere = cappedBodyFetch(sameOriginFetch(policyFetch(network, OAUTH_RULE)));
  return (input, init) => (new URL(String(input)).origin === serverUrl.origin ? next(input, init) : elsewhere(input, init));
}

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
 * server's challenges. Until the user pressed Sign in, a 401 is answered only by refreshing the
 * sign-in stored for this address (stored-refresh.ts), or else ends as SignInRequired: nothing is
 * discovered, registered or requested on the server's word. During Sign in, a 401 runs discovery
 * (protected resource metadata, then authorization server metadata), registration or the client's
 * metadata document, refresh, or authorization code + PKCE (the SDK's `auth`) with the scope the
 * WWW-Authenticate header names; a 403 `insufficient_scope` asks for the granted scopes plus the
 * challenged ones (step-up, which needs Sign in too). Every OAuth request goes through
 * oauthRequestFetch. Each request is retried once, so a server that keeps refusing ends as an
 * error, not a loop. One authorization at a time.
 */
export function oauthFetch(provider: TacoOAuthProvider, serverUrl: URL, options: OAuthFetchOptions, next: FetchLike = fetch): FetchLike {
  let authorizing: Promise<void> | null = null;
  const oauthRequests = oauthRequestFetch(serverUrl, next, options.network);

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
    const widening = stepUp && widens(scope, previous?.scope);
    if (!options.signInRequested()) {
      if (widening) throw new SignInRequired(`The server asks for more permissions than it was given. ${NEEDS_SIGN_IN}`);
      return refreshStoredSignIn(provider, serverUrl, oauthRequests);
    }
    if (widening) await provider.invalidateCredentials('tokens');
    await provider.prepare();
    const flow = { serverUrl, resourceMetadataUrl, scope, fetchFn: oauthRequests };
    const result = await auth(provider, flow);
    if (result === 'REDIRECT') {
      const authorizationCode = await provider.takeGrant();
      const exchanged = await auth(provider, { ...flow, authorizationCode });
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
