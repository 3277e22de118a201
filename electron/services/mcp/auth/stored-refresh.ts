import { refreshAuthorization, selectResourceURL } from '@modelcontextprotocol/sdk/client/auth.js';
import { InvalidGrantError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { NEEDS_SIGN_IN, SignInRequired } from './sign-in-required';
import type { TacoOAuthProvider } from './taco-oauth-provider';

/**
 * The one OAuth request TACO makes before the user pressed Sign in: a refresh of the sign-in stored
 * for this server's address, at the token endpoint of the authorization server that sign-in found
 * (stored with it). Nothing is discovered or registered. Without a refresh token, a client or that
 * authorization server, the server needs sign-in; a refused refresh (invalid_grant) forgets the tokens.
 */
export async function refreshStoredSignIn(provider: TacoOAuthProvider, serverUrl: URL, fetchFn: FetchLike): Promise<void> {
  const [tokens, clientInformation, discovery] = await Promise.all([
    provider.tokens(),
    provider.clientInformation(),
    provider.discoveryState(),
  ]);
  if (!tokens?.refresh_token || !clientInformation || !discovery?.authorizationServerUrl) throw new SignInRequired(NEEDS_SIGN_IN);
  // As the SDK's auth(): the stored metadata must name this address (it throws otherwise); then its
  // resource indicator is sent verbatim, and none without metadata.
  await selectResourceURL(serverUrl, provider, discovery.resourceMetadata);
  const resource = discovery.resourceMetadata?.resource;
  let refreshed: OAuthTokens;
  try {
    refreshed = await refreshAuthorization(discovery.authorizationServerUrl, {
      metadata: discovery.authorizationServerMetadata,
      clientInformation,
      refreshToken: tokens.refresh_token,
      resource,
      fetchFn,
    });
  } catch (error) {
    if (!(error instanceof InvalidGrantError)) throw error;
    await provider.invalidateCredentials('tokens');
    throw new SignInRequired(`The sign-in to this server has expired. ${NEEDS_SIGN_IN}`);
  }
  await provider.saveTokens({ ...refreshed, issuer: discovery.authorizationServerUrl });
}
