import type { ChatProvider } from '../provider/provider-types';
import type { Embedder } from './knowledge-base';

/**
 * The embedding model of the settings as an Embedder: Ollama's /api/embed, or the built-in
 * engine's embedding context, through the provider that serves the model. Null when no model is
 * set or the provider has no embeddings: the knowledge search is then lexical only.
 */
export function providerEmbedder(provider: ChatProvider, model: string | undefined): Embedder | null {
  const name = model?.trim() ?? '';
  if (name === '' || !provider.embed) return null;
  const embed = provider.embed.bind(provider);
  return {
    key: name,
    embed: (texts, signal) => embed({ model: name, input: texts, signal: signal ?? new AbortController().signal }),
  };
}
