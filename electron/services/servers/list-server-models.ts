import { DEFAULTS } from '../../../shared/constants';
import type { ModelInfo, ModelListResult, ServerModels } from '../../../shared/models/models';
import { LOCAL_SERVER_ID, modelRef } from '../../../shared/models/servers';
import { ProviderError, type ChatProvider } from '../provider/provider-types';
import type { ResolvedServer } from './resolved-server';

export interface ListDeps {
  servers: ResolvedServer[];
  providerFor(server: ResolvedServer): ChatProvider;
  adminStatus(server: ResolvedServer): { allowed: boolean; reason: string | null };
}

/**
 * What to check, in words that fit where the server is: `ollama serve` is advice for the Ollama on
 * this computer only; an added server may be another machine the user cannot start from here.
 */
function checkAdvice(server: ResolvedServer): string {
  if (server.id === LOCAL_SERVER_ID && server.kind === 'ollama')
    return 'Check that it is running (ollama serve) and that the address in Settings is right.';
  return 'Check that the server is running and reachable from this computer, and that its address in Settings is right.';
}

function failure(error: unknown, server: ResolvedServer, host: string): Pick<ServerModels, 'type' | 'message'> {
  if (error instanceof ProviderError) {
    const what = server.kind === 'ollama' ? 'Ollama' : 'The OpenAI-compatible server';
    if (error.kind === 'unreachable') {
      // The provider's own words suit the local Ollama (they name `ollama serve`); an added server gets its own.
      if (server.id === LOCAL_SERVER_ID && server.kind === 'ollama') return { type: 'unreachable', message: error.message };
      return { type: 'unreachable', message: `${what} at ${host} could not be reached. ${checkAdvice(server)}` };
    }
    if (error.kind === 'aborted') {
      const seconds = Math.round(listTimeoutMs(server) / 1000);
      return { type: 'unreachable', message: `${what} at ${host} did not answer within ${seconds} seconds. ${checkAdvice(server)}` };
    }
    return { type: 'error', message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { type: 'error', message: `Could not list the models of ${host}: ${message}` };
}

/**
 * How long listing may take: the connect timeout, and for an OpenAI-compatible server also the
 * bounded wait for a model that is loading (llama.cpp answers 503 "Loading model" on every route
 * meanwhile; the provider waits DEFAULTS.servers.loadingRetryDelaysMs, then says how long it waited).
 */
function listTimeoutMs(server: ResolvedServer): number {
  if (server.kind === 'ollama') return server.connectTimeoutMs;
  return server.connectTimeoutMs + DEFAULTS.servers.loadingRetryDelaysMs.reduce((sum, delay) => sum + delay, 0);
}

async function listOne(deps: ListDeps, server: ResolvedServer): Promise<ServerModels> {
  const provider = deps.providerFor(server);
  const host = provider.host;
  const admin = server.id === LOCAL_SERVER_ID ? { allowed: server.kind === 'ollama', reason: null } : deps.adminStatus(server);
  const base = { serverId: server.id, name: server.name, kind: server.kind, host, admin };
  try {
    const models = await provider.listModels(AbortSignal.timeout(listTimeoutMs(server)));
    const named = models.map((model): ModelInfo =>
      server.id === LOCAL_SERVER_ID
        ? model
        : { ...model, name: modelRef(server.id, model.name), label: model.name, server: { id: server.id, name: server.name } },
    );
    return { ...base, type: 'ok', message: null, models: named };
  } catch (error) {
    return { ...base, ...failure(error, server, host), models: [] };
  }
}

/**
 * models.list over every server at once (each bounded by its own connect timeout, so a dead
 * remote never delays the local list by more than its timeout). With only the first server the
 * answer is exactly what it always was.
 */
export async function listServerModels(deps: ListDeps): Promise<ModelListResult> {
  const groups = await Promise.all(deps.servers.map((server) => listOne(deps, server)));
  const [first, ...rest] = groups;
  if (!first) return { type: 'error', host: DEFAULTS.ollamaHost, message: 'No model server is set up.' };
  if (rest.length === 0) {
    return first.type === 'ok'
      ? { type: 'ok', host: first.host, models: first.models }
      : { type: first.type, host: first.host, message: first.message ?? '' };
  }
  const answered = groups.filter((group) => group.type === 'ok');
  if (answered.length > 0) return { type: 'ok', host: first.host, models: answered.flatMap((group) => group.models), servers: groups };
  return { type: first.type === 'ok' ? 'error' : first.type, host: first.host, message: first.message ?? '', servers: groups };
}
