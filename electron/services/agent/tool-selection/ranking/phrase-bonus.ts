import { processTerm, rewritePhrases } from './search-terms';

/** A text's words as the index keeps them (phrases rewritten, stop words out, stemmed), in order. */
export function indexWords(text: string): string[] {
  return (rewritePhrases(text).match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((word) => processTerm(word))
    .filter((word): word is string => word !== null);
}

/** Each pair of neighbouring words ("pull request", "free slot"), as one string. */
export function wordPairs(words: readonly string[]): Set<string> {
  return new Set(words.slice(1).map((word, index) => `${words[index] ?? ''} ${word}`));
}

/**
 * How many of the query's neighbouring word pairs the tool's text has as neighbours too: two words
 * that meet in the same order ("share price", "free slot") say more than the same words apart.
 */
export function sharedPairs(queryPairs: ReadonlySet<string>, toolPairs: ReadonlySet<string>): number {
  let count = 0;
  for (const pair of queryPairs) if (toolPairs.has(pair)) count += 1;
  return count;
}
