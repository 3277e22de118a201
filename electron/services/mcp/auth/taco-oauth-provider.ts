import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Authorizer } from './authorizer';
import type { StoredServerAuth, TokenStore } from './token-store';

export interface ProviderOptions {
  server: string;
  /** The server's configured URL: what is stored is read and written for this address only (token-store.ts). */
  address: URL;
  store: TokenStore;
  authorizer: Authorizer;
  clientName: string;
  /** A client ID metadata document URL (CIMD), used instead of registration where the server supports it. */
  clientMetadataUrl?: string;
  now(): number;
}

/**
 * The SDK's OAuthClientProvider over TACO's token store: client information, tokens and the
 * discovery result persist per server and address; the PKCE verifier stays in memory for the one flow.
 * `redirectToAuthorization` starts the user's authorization; `takeGrant` waits for its code.
 */
export class TacoOAuthProvider implements OAuthClientProvider {
  private cache: StoredServerAuth | null = null;
  private verifier: string | null = null;
  private pendingGrant: Promise<string> | null = null;

  constructor(private readonly options: ProviderOptions) {}

  get redirectUrl(): string {
    return this.options.authorizer.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.options.authorizer.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  private async stored(): Promise<StoredServerAuth> {
    if (this.cache) return this.cache;
    const read = (await this.options.store.read(this.options.server, this.options.address)) ?? {};
    // A save that finished while this read was under way wins.
    this.cache ??= read;
    return this.cache;
  }

  private async update(patch: Partial<StoredServerAuth>): Promise<void> {
    const next = { ...(await this.stored()), ...patch };
    for (const key of Object.keys(next) as (keyof StoredServerAuth)[]) if (next[key] === undefined) delete next[key];
    this.cache = next;
    await this.options.store.write(this.options.server, this.options.address, next);
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    return (await this.stored()).clientInformation;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.update({ clientInformation });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.stored()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.update({ tokens, signedInAt: this.options.now() });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.stored()).discoveryState;
  }

  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    await this.update({ discoveryState });
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'verifier') this.verifier = null;
    const patch: Partial<StoredServerAuth> = {};
    if (scope === 'all' || scope === 'client') patch.clientInformation = undefined;
    if (scope === 'all' || scope === 'tokens') Object.assign(patch, { tokens: undefined, signedInAt: undefined });
    if (scope === 'all' || scope === 'discovery') patch.discoveryState = undefined;
    if (Object.keys(patch).length > 0) await this.update(patch);
  }

  /** A fresh `state` per authorization: the loopback takes only the callback that carries it. */
  state(): string {
    return randomBytes(24).toString('base64url');
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === null) throw new Error('No PKCE code verifier: the authorization was not started here.');
    return this.verifier;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    const controller = new AbortController();
    this.pendingGrant = this.options.authorizer.authorize(authorizationUrl, controller.signal).then((grant) => grant.code);
    // Awaited by takeGrant; an unobserved failure must not crash main.
    this.pendingGrant.catch(() => undefined);
  }

  /** The code of the authorization redirectToAuthorization started. */
  async takeGrant(): Promise<string> {
    const pending = this.pendingGrant;
    this.pendingGrant = null;
    if (!pending) throw new Error('No authorization is in progress.');
    return pending;
  }

  async prepare(): Promise<void> {
    await this.options.authorizer.prepare();
  }
}
