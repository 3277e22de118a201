import { DEFAULTS } from '../../../shared/constants';
import type { ModelListResult } from '../../../shared/models/models';
import { LOCAL_SERVER_ID, parseModelRef, type EngineConfig, type ServerKind, type ServerTestResult } from '../../../shared/models/servers';
import type { Settings } from '../../../shared/settings/settings';
import type { ValidCallRequest } from '../../../shared/contract/contract';
import type { ChatProvider } from '../provider/provider-types';
import { listServerModels } from './list-server-models';
import { localServer, resolveServers, type ResolvedServer } from './resolved-server';
import { createServerRouter, type ServerRouter } from './server-router';
import { testServerConnection } from './test-connection';

export interface ServerServicesDeps {
  /** Settings as they apply now (raw: header values unmasked). */
  settings(): Settings;
  /** The first server's kind (the CLI's --server-kind with --host); Ollama otherwise. */
  localKind?: ServerKind;
  /** The first server's GGUF file when it is the built-in engine (CLI --gguf). */
  localEngine?: EngineConfig;
  /** The first server's provider. */
  local(): ChatProvider;
  createServerProvider(server: ResolvedServer, maxContextTokens: number): ChatProvider;
  adminStatus(server: ResolvedServer): { allowed: boolean; reason: string | null };
  /** models.list as it was with one server (kept word for word when no server was added). */
  listLocal(): Promise<ModelListResult>;
  fetch?: typeof fetch;
}

export interface ServerServices {
  router: ServerRouter;
  servers(): ResolvedServer[];
  /** The added server a model reference is on; null for the first server. */
  serverOf(ref: string): ResolvedServer | null;
  listModels(): Promise<ModelListResult>;
  test(request: ValidCallRequest<'servers.test'>): Promise<ServerTestResult>;
}

/** The servers part of the app: routing by model reference, models from every server, Test connection. */
export function createServerServices(deps: ServerServicesDeps): ServerServices {
  const servers = (): ResolvedServer[] => resolveServers(deps.settings(), deps.localKind, deps.localEngine);
  const router = createServerRouter({
    local: deps.local,
    servers,
    create: deps.createServerProvider,
    maxContextTokens: () => deps.settings().maxContextTokens,
  });

  return {
    router,
    servers,
    serverOf(ref) {
      const { serverId } = parseModelRef(ref);
      if (serverId === LOCAL_SERVER_ID) return null;
      return servers().find((server) => server.id === serverId) ?? null;
    },
    listModels() {
      const all = servers();
      // The local Ollama keeps its own words; any other server is named by its kind and address.
      if (all.length === 1 && all[0]?.kind === 'ollama') return deps.listLocal();
      return listServerModels({ servers: all, providerFor: router.providerFor, adminStatus: deps.adminStatus });
    },
    test(request) {
      const stored = (deps.settings().servers ?? []).find((server) => server.id === request.id);
      const local = localServer(deps.settings());
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]): Array<[string, string]> => {
          if (value !== DEFAULTS.servers.maskedHeaderValue) return [[name, value]];
          const kept = stored?.headers[name];
          return kept === undefined ? [] : [[name, kept]];
        }),
      );
      return testServerConnection({
        kind: request.kind,
        baseUrl: request.baseUrl,
        headers,
        allowInsecure: request.allowInsecure,
        connectTimeoutMs: request.connectTimeoutMs ?? stored?.connectTimeoutMs ?? local.connectTimeoutMs,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      });
    },
  };
}
