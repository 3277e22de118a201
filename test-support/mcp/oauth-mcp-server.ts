import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * An MCP server protected by OAuth 2.1 and its own authorization server on one 127.0.0.1:0 port.
 * Behaviour follows the SDK's server side (node_modules/@modelcontextprotocol/sdk/dist/esm/server/auth/:
 * handlers/metadata, register, authorize (redirects with code and state), token (PKCE S256 checked,
 * refresh_token grant), middleware/bearerAuth (401 with `WWW-Authenticate: Bearer resource_metadata=…`)).
 * The authorize step needs no login, as the SDK's demo provider (examples/server/demoInMemoryOAuthProvider.js).
 */
export interface OAuthMcpServer {
  url: string;
  /** Scheme, host and port: where its metadata, registration, authorization and token endpoints are. */
  origin: string;
  /** Every request it received, as "METHOD /path" (what TACO asked of it, and when). */
  requests: string[];
  /** Every bearer token presented at /mcp, accepted or not. */
  bearers: string[];
  /** True for an access token this server issued and still honours. */
  honours(token: string): boolean;
  /** Every token request's grant_type, in order. */
  grants: string[];
  /** Every access and refresh token issued (for the test that greps the data folder). */
  issued: string[];
  /** Every authorization URL requested (what the browser opened). */
  authorizations: URL[];
  /** Access tokens stop working (a refresh token still does). */
  expireAccessTokens(): void;
  /** Refresh tokens stop working too (the token endpoint answers invalid_grant). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

interface Pending {
  challenge: string;
  redirectUri: string;
  clientId: string;
}

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

export interface OAuthMcpServerOptions {
  /**
   * Another of these servers acts as the authorization server: the protected resource metadata
   * names its origin, and /mcp takes the tokens it issued (an authorization server on another origin).
   */
  authorizationServer?: OAuthMcpServer;
}

export async function startOAuthMcpServer(options: OAuthMcpServerOptions = {}): Promise<OAuthMcpServer> {
  const clients = new Map<string, string[]>();
  const codes = new Map<string, Pending>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  const grants: string[] = [];
  const issued: string[] = [];
  const authorizations: URL[] = [];
  const requests: string[] = [];
  const bearers: string[] = [];
  const authority = options.authorizationServer;
  let origin = '';

  const issue = (res: ServerResponse): void => {
    const accessToken = `at-${randomUUID()}`;
    const refreshToken = `rt-${randomUUID()}`;
    access.add(accessToken);
    refresh.add(refreshToken);
    issued.push(accessToken, refreshToken);
    json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, refresh_token: refreshToken, scope: 'mcp:tools' });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(`${req.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/.well-known/oauth-protected-resource/mcp')
      return json(res, 200, {
        resource: `${origin}/mcp`,
        authorization_servers: [authority?.origin ?? origin],
        scopes_supported: ['mcp:tools'],
      });
    if (url.pathname === '/.well-known/oauth-authorization-server')
      return json(res, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        scopes_supported: ['mcp:tools'],
      });
    if (url.pathname === '/register' && req.method === 'POST') {
      const metadata = JSON.parse(await body(req)) as { redirect_uris: string[] };
      const clientId = randomUUID();
      clients.set(clientId, metadata.redirect_uris);
      return json(res, 201, { ...metadata, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000) });
    }
    if (url.pathname === '/authorize') {
      authorizations.push(url);
      const clientId = url.searchParams.get('client_id') ?? '';
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const challenge = url.searchParams.get('code_challenge') ?? '';
      if (!clients.get(clientId)?.includes(redirectUri) || url.searchParams.get('code_challenge_method') !== 'S256' || !challenge)
        return json(res, 400, { error: 'invalid_request' });
      const code = randomUUID();
      codes.set(code, { challenge, redirectUri, clientId });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      const state = url.searchParams.get('state');
      if (state !== null) target.searchParams.set('state', state);
      res.writeHead(302, { location: target.href }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await body(req));
      const grant = form.get('grant_type') ?? '';
      grants.push(grant);
      if (grant === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        if (!refresh.delete(token)) return json(res, 400, { error: 'invalid_grant' });
        return issue(res);
      }
      const pending = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (
        !pending ||
        pending.challenge !== computed ||
        pending.redirectUri !== form.get('redirect_uri') ||
        pending.clientId !== form.get('client_id')
      )
        return json(res, 400, { error: 'invalid_grant' });
      codes.delete(form.get('code') ?? '');
      return issue(res);
    }
    if (url.pathname === '/mcp') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (token) bearers.push(token);
      if (!token || !(authority ? authority.honours(token) : access.has(token))) {
        res
          .writeHead(401, {
            'www-authenticate': `Bearer error="invalid_token", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
            'content-type': 'application/json',
          })
          .end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
      const server = new McpServer({ name: 'taco-test-oauth', version: '1.0.0' });
      server.registerTool('whoami', { description: 'Says who is signed in.' }, async () => ({
        content: [{ type: 'text', text: 'signed in' }],
      }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      await server.connect(transport);
      await transport.handleRequest(req, res);
      return;
    }
    res.writeHead(404).end();
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    requests,
    bearers,
    honours: (token) => access.has(token),
    grants,
    issued,
    authorizations,
    expireAccessTokens: () => access.clear(),
    revokeRefreshTokens: () => refresh.clear(),
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
