import type { EngineConfig } from '../../../shared/models/servers';
import type { ChatProvider } from '../provider/provider-types';

/**
 * The built-in engine's provider, loaded the first time it is used: nothing of node-llama-cpp (a
 * native binding and ~30 MB of binaries) is imported until a built-in server answers a call.
 */
export function createLazyEngineProvider(serverId: string, engine: EngineConfig): ChatProvider {
  let loading: Promise<ChatProvider> | null = null;
  const provider = (): Promise<ChatProvider> =>
    (loading ??= import('./engine-provider').then((loaded) => loaded.createEngineProvider({ serverId, engine })));
  return {
    host: `built-in:${engine.modelPath}`,
    listModels: async (signal) => (await provider()).listModels(signal),
    capabilities: async (model, signal) => (await provider()).capabilities(model, signal),
    async *streamChat(request) {
      yield* (await provider()).streamChat(request);
    },
    complete: async (request) => (await provider()).complete(request),
    countPromptTokens: async (request) => (await provider()).countPromptTokens?.(request) ?? null,
  };
}
