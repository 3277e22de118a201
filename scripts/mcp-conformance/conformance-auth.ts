import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import { headlessAuthorizer } from '../../electron/services/mcp/auth/authorizer';
import { oauthFetch } from '../../electron/services/mcp/auth/oauth-fetch';
import { TacoOAuthProvider } from '../../electron/services/mcp/auth/taco-oauth-provider';
import { createTokenStore } from '../../electron/services/mcp/auth/token-store';
import { createNetworkPolicy } from '../../tools/web/network-policy';

/** The suite's client metadata document URL (its CIMD scenarios accept this one). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** Never listened on: the headless authorizer reads the code from the redirect itself. */
const REDIRECT_URL = 'http://localhost:3000/callback';

const preRegistered = z.object({ client_id: z.string(), client_secret: z.string() });

/**
 * TACO's OAuth (token store, provider, oauthFetch) for an auth/* scenario, with the headless
 * authorizer standing in for the system browser. The run stands for a user who pressed Sign in and
 * allowed private network addresses (the suite's servers are all on localhost).
 * `auth/pre-registration` stores the client the suite pre-registered (MCP_CONFORMANCE_CONTEXT) in
 * the token store first, as Settings would.
 */
export async function conformanceAuthHooks(
  scenario: string,
  context: string | null,
  dataDir: string,
  server: string,
  serverUrl: URL,
): Promise<(server: string, url: URL) => FetchLike | null> {
  const store = createTokenStore(dataDir, null);
  const preRegistration = scenario === 'auth/pre-registration';
  if (preRegistration) {
    const client = preRegistered.parse(JSON.parse(context ?? '{}'));
    await store.write(server, serverUrl, { clientInformation: { ...client, redirect_uris: [REDIRECT_URL] } });
  }
  return (name, url) =>
    oauthFetch(
      new TacoOAuthProvider({
        server: name,
        address: url,
        store,
        authorizer: headlessAuthorizer(REDIRECT_URL),
        clientName: 'TACO',
        clientMetadataUrl: preRegistration ? undefined : CLIENT_METADATA_URL,
        now: Date.now,
      }),
      url,
      { signInRequested: () => true, network: () => createNetworkPolicy({ allowPrivate: true }) },
    );
}
