/** The code the authorization server sent back to the redirect URI. */
export interface AuthorizationGrant {
  code: string;
}

/**
 * How the user authorizes TACO at an authorization server: the app opens the system browser and
 * listens on a loopback redirect (loopback-authorizer.ts); tests and the conformance client follow
 * the authorization URL without a browser (headlessAuthorizer).
 */
export interface Authorizer {
  /** The redirect URI registered with the authorization server. */
  readonly redirectUrl: string;
  /** Called before discovery, so the redirect URI exists when the client registers. */
  prepare(): Promise<void>;
  /** Sends the user to `authorizationUrl` and resolves with the code from the redirect. */
  authorize(authorizationUrl: URL, signal: AbortSignal): Promise<AuthorizationGrant>;
  /** Stops listening (app shutdown). */
  close?(): Promise<void>;
}

/**
 * Follows the authorization URL with one GET and takes the code from the redirect it answers with:
 * what an authorization server that needs no login (the conformance suite's, the tests') does. It
 * never follows the redirect, so nothing listens on `redirectUrl`.
 * Taken from the SDK's conformance client (typescript-sdk test/conformance/src/helpers/conformanceOAuthProvider.ts).
 */
export function headlessAuthorizer(redirectUrl: string, fetchFn: typeof fetch = fetch): Authorizer {
  return {
    redirectUrl,
    prepare: async () => undefined,
    async authorize(authorizationUrl, signal) {
      const response = await fetchFn(authorizationUrl, { redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (!location) throw new Error(`The authorization server answered ${response.status} without a redirect.`);
      const code = new URL(location, authorizationUrl).searchParams.get('code');
      if (!code) throw new Error('The authorization server redirected without a code.');
      return { code };
    },
  };
}
