import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../../../../shared/mcp/mcp';
import type { McpAuthStatus } from '../../../../shared/mcp/mcp-auth';
import type { NetworkPolicy } from '../../../../tools/catalogue/tool-runtime-types';
import { createNetworkPolicy } from '../../../../tools/web/network-policy';
import type { Authorizer } from './authorizer';
import { oauthFetch } from './oauth-fetch';
import { NEEDS_SIGN_IN, SignInRequired } from './sign-in-required';
import { TacoOAuthProvider } from './taco-oauth-provider';
import type { TokenStore } from './token-store';

export interface McpAuthOptions {
  store: TokenStore;
  /** The browser sign-in (loopback-authorizer.ts), or the headless one in tests. */
  authorizer: Authorizer;
  /** fetch_url's network policy, read at each request, for OAuth requests to origins other than the server's (default: public addresses only). */
  network?: () => NetworkPolicy;
  now(): number;
}

export interface McpAuth {
  /** The hook for every URL server at `url`: its tokens on each request; discovery and a browser sign-in only after Sign in. */
  authFetch(server: string, url: URL, next?: FetchLike): FetchLike;
  /** Signed in for the server at this address (a sign-in for another address does not count). */
  status(server: string, url: URL): Promise<McpAuthStatus>;
  /** The next authorization this server asks for may open the browser (the user pressed Sign in). */
  allowSignIn(server: string): void;
  /**
   * Sign in (the user pressed it): one unauthenticated request to the server draws its 401, and
   * the flow runs in the browser before any MCP connection waits on it. Throws with the reason.
   */
  signIn(server: string, url: URL, clientVersion: string): Promise<void>;
  /** Forgets the server's tokens, client registration and discovery (its file), whatever address they were for. */
  signOut(server: string): Promise<void>;
  /** Told each authorization page a sign-in opens (a browser page host opens it in a tab). Returns the unsubscribe. */
  onAuthorizationPage(listener: (server: string, url: string) => void): () => void;
  close(): Promise<void>;
}

/**
 * OAuth for the app's URL servers. A server that answers 401 is refreshed silently when TACO holds
 * a refresh token for its address; discovery, registration and a browser sign-in start only after
 * the user pressed Sign in for that server (never on their own at startup), and the browser
 * permission is used once.
 */
export function createMcpAuth(options: McpAuthOptions): McpAuth {
  const allowed = new Set<string>();
  const network = options.network ?? (() => createNetworkPolicy({ allowPrivate: false }));
  const pageListeners = new Set<(server: string, url: string) => void>();
  const gated = (server: string): Authorizer => ({
    get redirectUrl() {
      return options.authorizer.redirectUrl;
    },
    prepare: () => options.authorizer.prepare(),
    authorize(url, signal) {
      if (!allowed.delete(server)) return Promise.reject(new SignInRequired(NEEDS_SIGN_IN));
      for (const listener of [...pageListeners]) listener(server, url.href);
      return options.authorizer.authorize(url, signal);
    },
  });
  const authFetch = (server: string, url: URL, next?: FetchLike): FetchLike =>
    oauthFetch(
      new TacoOAuthProvider({
        server,
        address: url,
        store: options.store,
        authorizer: gated(server),
        clientName: 'TACO',
        now: options.now,
      }),
      url,
      { signInRequested: () => allowed.has(server), network },
      next,
    );
  return {
    authFetch,
    async signIn(server, url, clientVersion) {
      allowed.add(server);
      try {
        const response = await authFetch(server, url)(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 0,
            method: 'initialize',
            params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'TACO', version: clientVersion } },
          }),
        });
        await response.body?.cancel();
        if (response.status === 401 || response.status === 403)
          throw new Error(`The server still refuses TACO after the sign-in (HTTP ${response.status}).`);
      } finally {
        allowed.delete(server);
      }
    },
    async status(server, url) {
      const stored = await options.store.read(server, url);
      if (!stored?.tokens) return { state: 'signed-out', account: null, signedInAt: null };
      return { state: 'signed-in', account: accountOf(stored.tokens.id_token), signedInAt: stored.signedInAt ?? null };
    },
    allowSignIn: (server) => void allowed.add(server),
    signOut: (server) => options.store.remove(server),
    onAuthorizationPage(listener) {
      pageListeners.add(listener);
      return () => void pageListeners.delete(listener);
    },
    close: async () => options.authorizer.close?.(),
  };
}

/** Who the ID token (OpenID Connect) names, for "Signed in as …"; null without one. Display only: never trusted. */
export function accountOf(idToken: string | undefined): string | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const name = [claims.email, claims.preferred_username, claims.name, claims.sub].find((value) => typeof value === 'string');
    return typeof name === 'string' ? name.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** A URL server that does not send its own Authorization header: TACO signs it in with OAuth when it asks. */
export function usesOAuth(config: McpServerConfig | undefined): boolean {
  if (config?.url === undefined) return false;
  return !Object.keys(config.headers ?? {}).some((key) => key.toLowerCase() === 'authorization');
}
