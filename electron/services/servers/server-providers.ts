import { createOllamaProvider } from '../provider/ollama/ollama-provider';
import type { ChatProvider } from '../provider/provider-types';
import { scheduleSideRequests } from '../provider/side-request-scheduler';
import { createLazyOpenAiProvider } from './lazy-openai-provider';
import { createLazyEngineProvider } from '../engine/lazy-engine-provider';
import type { EngineProcessLauncher } from '../engine/process/engine-process';
import { ProviderError } from '../provider/provider-types';
import type { ResolvedServer } from './resolved-server';

/**
 * The provider for one server: ollama-js with its headers, the openai client or the built-in
 * engine (both loaded on first use); side requests wait for the model's steps and never go in front of one.
 * `engineProcess` starts the built-in engine's own process (default: forked from source).
 */
export function createServerProvider(
  server: ResolvedServer,
  maxContextTokens: number,
  engineProcess?: EngineProcessLauncher,
): ChatProvider {
  return scheduleSideRequests(serverProvider(server, maxContextTokens, engineProcess));
}

function serverProvider(server: ResolvedServer, maxContextTokens: number, engineProcess?: EngineProcessLauncher): ChatProvider {
  switch (server.kind) {
    case 'ollama':
      return withToolOverride(
        createOllamaProvider({ host: server.baseUrl, maxContextTokens, headers: server.headers, probeTimeoutMs: server.connectTimeoutMs }),
        server.toolSupport,
      );
    case 'openai-compatible':
      return createLazyOpenAiProvider({
        baseUrl: server.baseUrl,
        headers: server.headers,
        maxContextTokens,
        connectTimeoutMs: server.connectTimeoutMs,
        toolSupport: server.toolSupport,
      });
    case 'built-in':
      if (!server.engine)
        throw new ProviderError('model-not-found', `The built-in server “${server.name}” has no GGUF file set.`, server.baseUrl);
      return createLazyEngineProvider(server.id, server.engine, engineProcess);
    default: {
      const never: never = server.kind;
      throw new Error(`unknown server kind ${String(never)}`);
    }
  }
}

/** The user's per-model answer on `tools` wins over what /api/show says. */
function withToolOverride(provider: ChatProvider, toolSupport: Readonly<Record<string, boolean>>): ChatProvider {
  if (Object.keys(toolSupport).length === 0) return provider;
  return {
    host: provider.host,
    listModels: (signal) => provider.listModels(signal),
    async capabilities(model, signal) {
      const found = await provider.capabilities(model, signal);
      const said = toolSupport[model];
      return said === undefined ? found : { ...found, tools: said };
    },
    streamChat: (request) => provider.streamChat(request),
    complete: (request) => provider.complete(request),
    ...(provider.countPromptTokens ? { countPromptTokens: provider.countPromptTokens.bind(provider) } : {}),
  };
}
