import { porterStem } from './porter-stemmer';
import { PHRASES, QUERY_SYMBOLS, SYNONYM_GROUPS, WHOLE_WORD_SYNONYMS } from './synonym-groups';

/** Words that carry no intent in a request ("please show me the ..."): left out of index and query. */
const STOP_WORDS = new Set(
  `a an and are as at be been but by can could do does for from get has have how i if in into is it its me my of on or our please
  should so some that the their them then there these this those to up us was we what when where which who will with would you your
  want need like just also all any`.split(/\s+/),
);

/**
 * MiniSearch's processTerm for tools and queries: lower case, no stop words, British -ise spelt
 * -ize, then the Porter stem, so "files", "listing", "summarised" and "multiplied" meet "file",
 * "list", "summarize" and "multiply". Returns null to drop a term.
 */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return porterStem(americanSpelling(lower));
}

/** "summarise", "recognised", "organising", "organisation" → -ize (both sides get it, so a rare false match costs little). */
function americanSpelling(word: string): string {
  return word.length > 5 ? word.replace(/is(e|es|ed|ing|ation|ations)$/, 'iz$1') : word;
}

/** A text of a tool or of a request with its phrases rewritten (see PHRASES). */
export function rewritePhrases(text: string): string {
  return PHRASES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A request with its phrases and arithmetic symbols rewritten into words. */
export function rewriteQuery(query: string): string {
  return rewritePhrases(QUERY_SYMBOLS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), query));
}

/** Each stemmed word of the groups to every word of every group it is in (itself first). */
export function synonymMap(groups: readonly (readonly string[])[]): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>();
  for (const group of groups) {
    const processed = group.map((word) => processTerm(word)).filter((word): word is string => typeof word === 'string');
    for (const word of processed) map.set(word, [...new Set([...(map.get(word) ?? [word]), ...processed])]);
  }
  return map;
}

/** Built on the first query, not at load: stemming every group is ~10 ms of each start of main. */
let synonyms: ReadonlyMap<string, readonly string[]> | null = null;

/** processTerm for a query: the term and its synonyms. */
export function processQueryTerm(term: string): string[] | null {
  synonyms ??= synonymMap(SYNONYM_GROUPS);
  return expandQueryTerm(term, synonyms);
}

/** A query term, stemmed, with the synonyms `synonyms` gives it (and the whole-word ones). */
export function expandQueryTerm(term: string, synonyms: ReadonlyMap<string, readonly string[]>): string[] | null {
  const processed = processTerm(term);
  if (processed === null) return null;
  const whole = WHOLE_WORD_SYNONYMS.get(term.toLowerCase());
  if (whole) return [processed, ...whole.map((word) => processTerm(word) ?? word)];
  return [...(synonyms.get(processed) ?? [processed])];
}
