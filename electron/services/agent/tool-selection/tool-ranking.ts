import { DEFAULTS } from '../../../../shared/constants';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import type { ChatProvider } from '../../provider/provider-types';
import type { EmbeddingCache } from './ranking/embedding-cache';
import { rankByEmbedding } from './ranking/embedding-ranker';
import { lexicalIndexFor, type UsageByTool } from './ranking/lexical-index';

export type RankerKind = 'lexical' | 'embedding';

export interface RankInput {
  definitions: readonly ToolDefinition[];
  /** The tools' usage instructions, by name: more words to find them by (keywords only). */
  usage?: UsageByTool;
  query: string;
  provider: ChatProvider;
  /** '' (or an earlier failure in this run) ranks by keywords. */
  embeddingModel: string;
  cache: EmbeddingCache;
  signal: AbortSignal;
}

export type Ranking =
  | { ranker: RankerKind; ids: string[]; fallback: null }
  /** The embedding model failed: ranked by keywords; `fallback` says why, for a status note. */
  | { ranker: 'lexical'; ids: string[]; fallback: string };

/**
 * Ranks tools against a query: by embeddings when an embedding model is set and the provider can
 * embed, else (or on any embedding error) by BM25 over the cached lexical index. Never throws for
 * an embedding failure.
 */
export async function rankTools(input: RankInput): Promise<Ranking> {
  const lexical = (): string[] => lexicalIndexFor(input.definitions, input.usage).rank(input.query);
  const embed = input.provider.embed?.bind(input.provider);
  if (!input.embeddingModel || !embed) return { ranker: 'lexical', ids: lexical(), fallback: null };
  const signal = AbortSignal.any([input.signal, AbortSignal.timeout(DEFAULTS.toolSelection.embedTimeoutMs)]);
  try {
    const ids = await rankByEmbedding({
      embed,
      model: input.embeddingModel,
      definitions: input.definitions,
      query: input.query,
      cache: input.cache,
      signal,
    });
    return { ranker: 'embedding', ids, fallback: null };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ranker: 'lexical', ids: lexical(), fallback: why };
  }
}
