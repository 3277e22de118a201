import MiniSearch from 'minisearch';
import { DEFAULTS } from '../../../../shared/constants';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import { catalogueKey } from './catalogue-key';
import { processQueryTerm, processTerm } from './search-terms';
import { toolSearchFields, type ToolSearchFields } from './tool-text';

/** Tool ids by relevance to a query (BM25+ over name, description and parameters), best first; only tools that match. */
export interface LexicalIndex {
  readonly key: string;
  rank(query: string): string[];
}

const cache = new Map<string, LexicalIndex>();
/** The same array of definitions (a run keeps one) skips even computing the key. */
const byArray = new WeakMap<readonly ToolDefinition[], LexicalIndex>();
/** A few catalogue versions (main run, an MCP server coming and going); the oldest is dropped. */
const CACHED_VERSIONS = 4;

/** The index of this catalogue version: built once, then reused by every request and every run. */
export function lexicalIndexFor(definitions: readonly ToolDefinition[]): LexicalIndex {
  const same = byArray.get(definitions);
  if (same) return same;
  const key = catalogueKey(definitions);
  let index = cache.get(key);
  if (!index) {
    index = buildLexicalIndex(definitions, key);
    cache.set(key, index);
    if (cache.size > CACHED_VERSIONS) cache.delete(cache.keys().next().value as string);
  }
  byArray.set(definitions, index);
  return index;
}

/** How many times an index was built (for tests that check the cache). */
export function lexicalIndexBuilds(): number {
  return builds;
}
let builds = 0;

function buildLexicalIndex(definitions: readonly ToolDefinition[], key: string): LexicalIndex {
  builds += 1;
  const { nameBoost, descriptionBoost, parameterBoost, fuzzy } = DEFAULTS.toolSelection;
  const search = new MiniSearch<ToolSearchFields>({
    fields: ['name', 'description', 'parameters'],
    storeFields: [],
    processTerm,
    searchOptions: {
      processTerm: processQueryTerm,
      boost: { name: nameBoost, description: descriptionBoost, parameters: parameterBoost },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 6 ? fuzzy : false),
      combineWith: 'OR',
    },
  });
  search.addAll(definitions.map(toolSearchFields));
  return {
    key,
    rank(query) {
      if (!query.trim()) return [];
      return search.search(query).map((hit) => String(hit.id));
    },
  };
}
