import { openAiBaseUrl } from '../provider/openai-compatible/openai-base-url';
import type { OpenAiCompatibleProviderOptions } from '../provider/openai-compatible/openai-provider';
import type { ChatProvider } from '../provider/provider-types';

/**
 * The OpenAI-compatible provider, loaded the first time it is used. The `openai` client is a
 * third of the bundled web host (~0.9 of 3 MB) and most users add no such server: importing it at
 * start cost ~100 ms of every cold start. The dynamic import becomes a chunk of its own in the
 * bundles (web.vite.config.ts, electron.vite.config.ts); behaviour is the provider's own.
 */
export function createLazyOpenAiProvider(options: OpenAiCompatibleProviderOptions): ChatProvider {
  let loading: Promise<ChatProvider> | null = null;
  const provider = (): Promise<ChatProvider> =>
    (loading ??= import('../provider/openai-compatible/openai-provider').then((loaded) => loaded.createOpenAiCompatibleProvider(options)));
  return {
    host: openAiBaseUrl(options.baseUrl),
    listModels: async (signal) => (await provider()).listModels(signal),
    capabilities: async (model, signal) => (await provider()).capabilities(model, signal),
    async *streamChat(request) {
      yield* (await provider()).streamChat(request);
    },
    complete: async (request) => (await provider()).complete(request),
    countPromptTokens: async (request) => (await provider()).countPromptTokens?.(request) ?? null,
  };
}
