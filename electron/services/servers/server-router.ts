import type { ModelCapabilities, ModelInfo } from '../../../shared/models/models';
import { LOCAL_SERVER_ID, parseModelRef } from '../../../shared/models/servers';
import {
  ProviderError,
  type ChatProvider,
  type ChatStepRequest,
  type CompleteRequest,
  type ProviderChunk,
  type TokenCountRequest,
} from '../provider/provider-types';
import type { ResolvedServer } from './resolved-server';

export interface ServerRouterDeps {
  /** The first server's provider (the app's provider holder: recreated when its host changes). */
  local(): ChatProvider;
  /** The enabled servers now, the first one first. */
  servers(): ResolvedServer[];
  /** A provider for an added server. */
  create(server: ResolvedServer, maxContextTokens: number): ChatProvider;
  maxContextTokens(): number;
}

export interface Routed {
  provider: ChatProvider;
  /** The server's own model name. */
  model: string;
  server: ResolvedServer | null;
}

export interface ServerRouter extends ChatProvider {
  /** The provider and model a reference names; throws a ProviderError when its server is gone. */
  route(ref: string): Routed;
  /** The provider of one server (for listing its models). */
  providerFor(server: ResolvedServer): ChatProvider;
}

/**
 * One ChatProvider over every server: a model reference (`<serverId>::<model>`, plain for the
 * first server) picks the server, and the call goes to that server's own provider with the
 * server's own model name. Each server has its own provider and connections, so a slow server
 * holds up only the runs that use it.
 */
export function createServerRouter(deps: ServerRouterDeps): ServerRouter {
  const cache = new Map<string, { key: string; provider: ChatProvider }>();

  function providerFor(server: ResolvedServer): ChatProvider {
    if (server.id === LOCAL_SERVER_ID) return deps.local();
    const maxContextTokens = deps.maxContextTokens();
    const key = JSON.stringify([server, maxContextTokens]);
    const cached = cache.get(server.id);
    if (cached && cached.key === key) return cached.provider;
    const provider = deps.create(server, maxContextTokens);
    cache.set(server.id, { key, provider });
    return provider;
  }

  function route(ref: string): Routed {
    const { serverId, model } = parseModelRef(ref);
    if (serverId === LOCAL_SERVER_ID) return { provider: deps.local(), model: ref, server: null };
    const server = deps.servers().find((candidate) => candidate.id === serverId);
    if (!server) {
      const host = deps.local().host;
      throw new ProviderError(
        'model-not-found',
        `The model “${model}” is on the server “${serverId}”, which is no longer in Settings → Model servers (or is turned off). Turn it on again, or pick another model.`,
        host,
      );
    }
    return { provider: providerFor(server), model, server };
  }

  async function* streamChat(request: ChatStepRequest): AsyncGenerator<ProviderChunk, void, undefined> {
    const routed = route(request.model);
    yield* routed.provider.streamChat({ ...request, model: routed.model });
  }

  return {
    get host() {
      return deps.local().host;
    },
    route,
    providerFor,
    hostOf(ref: string): string {
      const { serverId } = parseModelRef(ref);
      const server = deps.servers().find((candidate) => candidate.id === serverId);
      return server && serverId !== LOCAL_SERVER_ID ? providerFor(server).host : deps.local().host;
    },
    listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
      return deps.local().listModels(signal);
    },
    async capabilities(ref: string, signal?: AbortSignal): Promise<ModelCapabilities> {
      const routed = route(ref);
      return routed.provider.capabilities(routed.model, signal);
    },
    streamChat,
    async complete(request: CompleteRequest): Promise<string> {
      const routed = route(request.model);
      return routed.provider.complete({ ...request, model: routed.model });
    },
    async countPromptTokens(request: TokenCountRequest): Promise<number | null> {
      const routed = route(request.model);
      return (await routed.provider.countPromptTokens?.({ ...request, model: routed.model })) ?? null;
    },
  };
}
