import { DEFAULTS } from '../../../../shared/constants';
import type { NetworkPolicy } from '../../../../tools/catalogue/tool-runtime-types';
import { policyFetch } from '../../../../tools/web/policy-fetch';
import { sameOriginFetch } from '../../provider/same-origin-fetch';
import { cappedBodyFetch } from '../connection/mcp-limits';
import { serverListSchema, serverResponseSchema, type ServerResponse } from './registry-schema';

/** A registry that is down, refused by the network policy, or answered garbage: the words say which. */
export class RegistryError extends Error {
  override readonly name = 'RegistryError';
}

export interface RegistryPage {
  entries: ServerResponse[];
  nextCursor: string | null;
  /** Entries that failed validation (not shown). */
  skipped: number;
}

export interface RegistryClient {
  /** GET /v0.1/servers?search=…&cursor=…&limit=… (latest versions only). */
  search(query: string, cursor: string | null): Promise<RegistryPage>;
  /** GET /v0.1/servers/{name}/versions/{version} ("latest" for the newest). */
  serverVersion(name: string, version: string): Promise<ServerResponse>;
}

/** The words of a refusal by the network policy. */
const REGISTRY_RULE = 'the MCP registry is reached at a private address only when Settings allows private network addresses';

/**
 * The registry's REST API v0.1 (modelcontextprotocol/registry `docs/reference/api/openapi.yaml`),
 * through the app's network policy (the addresses fetch_url may reach; private ones only when the
 * user allowed them), redirects within the registry's own origin only, answers capped in size and
 * time, every entry validated (registry-schema.ts).
 */
export function createRegistryClient(options: { baseUrl(): string; network(): NetworkPolicy; fetch?: typeof fetch }): RegistryClient {
  const send =
    options.fetch ?? cappedBodyFetch(sameOriginFetch(policyFetch(options.network, REGISTRY_RULE)), DEFAULTS.mcp.registry.maxResponseBytes);

  const getJson = async (pathAndQuery: string): Promise<unknown> => {
    const base = options.baseUrl().replace(/\/+$/, '');
    const url = `${base}${pathAndQuery}`;
    let response: Response;
    try {
      response = await send(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(DEFAULTS.mcp.registry.timeoutMs) });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new RegistryError(
        `The MCP registry at ${base} could not be reached: ${why} Check the registry address in Settings → MCP servers → Browse.`,
      );
    }
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      throw new RegistryError(`The MCP registry at ${base} has no such server or version (404).`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new RegistryError(`The MCP registry at ${base} answered ${response.status} ${response.statusText}. Try again later.`);
    }
    try {
      return JSON.parse(await response.text());
    } catch (error) {
      const why = error instanceof SyntaxError ? 'it is not JSON' : error instanceof Error ? error.message : String(error);
      throw new RegistryError(`The MCP registry at ${base} answered something TACO cannot read (${why}). Is it an MCP registry?`);
    }
  };

  const garbage = (base: string, what: string): RegistryError =>
    new RegistryError(`The MCP registry at ${base} answered in a shape TACO does not know (${what}). Is it an MCP registry (API v0.1)?`);

  return {
    async search(query, cursor) {
      const params = new URLSearchParams({ limit: String(DEFAULTS.mcp.registry.pageSize), version: 'latest' });
      if (query.trim() !== '') params.set('search', query.trim());
      if (cursor) params.set('cursor', cursor);
      const body = await getJson(`/v0.1/servers?${params.toString()}`);
      const page = serverListSchema.safeParse(body);
      if (!page.success) throw garbage(options.baseUrl(), page.error.issues[0]?.message ?? 'no "servers" list');
      const entries: ServerResponse[] = [];
      let skipped = 0;
      for (const raw of page.data.servers) {
        const entry = serverResponseSchema.safeParse(raw);
        if (entry.success) entries.push(entry.data);
        else skipped += 1;
      }
      const next = page.data.metadata?.nextCursor;
      return { entries, nextCursor: next ? next : null, skipped };
    },
    async serverVersion(name, version) {
      const body = await getJson(`/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`);
      const entry = serverResponseSchema.safeParse(body);
      if (!entry.success) {
        const issue = entry.error.issues[0];
        throw garbage(options.baseUrl(), issue ? `${issue.path.join('.')}: ${issue.message}` : 'not a server');
      }
      if (entry.data.server.name !== name)
        throw new RegistryError(`The MCP registry answered "${entry.data.server.name}" when asked for "${name}"; nothing was installed.`);
      return entry.data;
    },
  };
}
