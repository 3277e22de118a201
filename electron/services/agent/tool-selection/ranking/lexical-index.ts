import MiniSearch from 'minisearch';
import { DEFAULTS } from '../../../../../shared/constants';
import type { ToolDefinition } from '../../../../../shared/tools/tool-definition';
import type { RegisteredTool } from '../../../../../tools/catalogue/tool-runtime-types';
import { catalogueKey, textHash } from '../catalogue-key';
import { indexWords, sharedPairs, wordPairs } from './phrase-bonus';
import { processQueryTerm, processTerm, rewritePhrases, rewriteQuery } from './search-terms';
import { toolSearchFields, type ToolSearchFields } from './tool-text';

/** Tool ids by relevance to a query (BM25+ over name, description and parameters), best first; only tools that match. */
export interface LexicalIndex {
  readonly key: string;
  rank(query: string): string[];
}

/** Usage instructions by tool id (built-in tools have them; an MCP server's tools do not). */
export type UsageByTool = ReadonlyMap<string, string>;
const NO_USAGE: UsageByTool = new Map();

/** The usage instructions of these tools, by the name their definitions carry (tools without any left out). */
export function usageByTool(tools: readonly RegisteredTool[]): UsageByTool {
  return new Map(
    tools
      .filter((tool) => tool.info.usageInstructions.trim() !== '')
      .map((tool) => [tool.definition.function.name, tool.info.usageInstructions]),
  );
}

const cache = new Map<string, LexicalIndex>();
/** The same array of definitions (a run keeps one) skips even computing the key. */
const byArray = new WeakMap<readonly ToolDefinition[], { usage: UsageByTool; index: LexicalIndex }>();
/** A few catalogue versions (main run, an MCP server coming and going); the oldest is dropped. */
const CACHED_VERSIONS = 4;

/**
 * The index of this catalogue version: built once, then reused by every request and every run.
 * `usage` adds each tool's usage instructions to the words it is found by.
 */
export function lexicalIndexFor(definitions: readonly ToolDefinition[], usage: UsageByTool = NO_USAGE): LexicalIndex {
  const same = byArray.get(definitions);
  if (same && same.usage === usage) return same.index;
  // A new run's array of the very same definitions and usage texts: the last index, without hashing the catalogue again.
  if (last && sameDefinitions(last.definitions, definitions) && sameUsage(last.usage, usage)) {
    byArray.set(definitions, { usage, index: last.index });
    return last.index;
  }
  keys += 1;
  const key = usageKey(catalogueKey(definitions), usage);
  let index = cache.get(key);
  if (!index) {
    index = buildLexicalIndex(definitions, usage, key);
    cache.set(key, index);
    if (cache.size > CACHED_VERSIONS) cache.delete(cache.keys().next().value as string);
  }
  byArray.set(definitions, { usage, index });
  last = { definitions: [...definitions], usage, index };
  return index;
}

/**
 * The catalogue of the last lookup that computed a key. Every run builds its own array of the
 * registry's definitions (and its own usage map), so the WeakMap by array misses once a run; the
 * definitions themselves are the registry's objects, never changed in place (a changed catalogue
 * is new objects), so the same objects in the same order are the same catalogue.
 */
let last: { definitions: readonly ToolDefinition[]; usage: UsageByTool; index: LexicalIndex } | null = null;

function sameDefinitions(known: readonly ToolDefinition[], given: readonly ToolDefinition[]): boolean {
  if (known.length !== given.length) return false;
  for (let index = 0; index < known.length; index += 1) if (known[index] !== given[index]) return false;
  return true;
}

function sameUsage(known: UsageByTool, given: UsageByTool): boolean {
  if (known === given) return true;
  if (known.size !== given.size) return false;
  for (const [id, text] of known) if (given.get(id) !== text) return false;
  return true;
}

function usageKey(key: string, usage: UsageByTool): string {
  if (usage.size === 0) return key;
  return textHash(
    `${key}\u0003${[...usage]
      .map(([id, text]) => `${id}\u0000${text}`)
      .sort()
      .join('\u0001')}`,
  );
}

/** How many times a catalogue's key was computed (hashed), for tests that check the cache. */
export function lexicalIndexKeys(): number {
  return keys;
}
let keys = 0;

/** How many times an index was built (for tests that check the cache). */
export function lexicalIndexBuilds(): number {
  return builds;
}
let builds = 0;

function buildLexicalIndex(definitions: readonly ToolDefinition[], usage: UsageByTool, key: string): LexicalIndex {
  builds += 1;
  const { nameBoost, descriptionBoost, parameterBoost, fuzzy, synonymWeight, wordPairBonus } = DEFAULTS.toolSelection;
  const search = new MiniSearch<ToolSearchFields>({
    fields: ['name', 'description', 'parameters'],
    storeFields: [],
    processTerm,
    extractField: (document, field) => rewritePhrases(String(document[field as keyof ToolSearchFields])),
    searchOptions: {
      processTerm: processQueryTerm,
      boost: { name: nameBoost, description: descriptionBoost, parameters: parameterBoost },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 6 ? fuzzy : false),
      combineWith: 'OR',
    },
  });
  const fields = definitions.map((definition) => toolSearchFields(definition, usage.get(definition.function.name)));
  search.addAll(fields);
  const pairsOf = new Map(fields.map((field) => [field.id, wordPairs(indexWords(`${field.name}\n${field.description}`))]));
  return {
    key,
    rank(query) {
      if (!query.trim()) return [];
      const rewritten = rewriteQuery(query);
      const own = indexWords(rewritten);
      const ownTerms = new Set(own);
      // A synonym the table added weighs less than a word the user wrote, and matches only as a
      // whole word: prefix and fuzzy matching of every synonym would cost more than all the rest.
      const hits = search.search(rewritten, {
        boostTerm: (term) => (ownTerms.has(term) ? 1 : synonymWeight),
        prefix: (term) => ownTerms.has(term) && term.length >= 3,
        fuzzy: (term) => (ownTerms.has(term) && term.length >= 6 ? fuzzy : false),
      });
      const queryPairs = wordPairs(own);
      const top = hits[0]?.score ?? 0;
      const scored = hits.map((hit) => ({
        id: String(hit.id),
        score: hit.score + top * wordPairBonus * sharedPairs(queryPairs, pairsOf.get(String(hit.id)) ?? new Set()),
      }));
      return scored.sort((a, b) => b.score - a.score).map((hit) => hit.id);
    },
  };
}
