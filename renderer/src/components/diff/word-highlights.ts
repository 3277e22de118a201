import { diffWordsWithSpace } from 'diff';
import { DEFAULTS } from '../../../../shared/constants';
import type { DiffLine } from './parse-unified-diff';

/** A piece of a line: `changed` pieces are the words that differ from the paired line. */
export interface Piece {
  text: string;
  changed: boolean;
}

export interface WordLimits {
  maxLineChars: number;
  maxPairs: number;
}

const DEFAULT_LIMITS: WordLimits = {
  maxLineChars: DEFAULTS.rendererDiff.wordDiffMaxLineChars,
  maxPairs: DEFAULTS.rendererDiff.wordDiffMaxPairs,
};

/**
 * The changed words of each line of a hunk, by index: in each block of removed lines followed by
 * added lines, the i-th removed line is paired with the i-th added line and the two are compared
 * word by word (`diffWordsWithSpace`). Bounded: a pair with a line longer than `maxLineChars` is
 * not compared, and after `maxPairs` pairs nothing more is (the lines are still drawn, just without
 * word marks), so a huge diff costs no more than a few hundred short comparisons. Lines with no
 * word in common get no marks (all of it changed).
 */
export function wordHighlights(
  lines: readonly DiffLine[],
  limits: WordLimits = DEFAULT_LIMITS,
  budget = { pairs: 0 },
): Map<number, Piece[]> {
  const pieces = new Map<number, Piece[]>();
  let index = 0;
  while (index < lines.length) {
    if (lines[index]?.kind !== 'del') {
      index += 1;
      continue;
    }
    const dels: number[] = [];
    while (lines[index]?.kind === 'del') dels.push(index++);
    const adds: number[] = [];
    while (lines[index]?.kind === 'add') adds.push(index++);
    for (let pair = 0; pair < Math.min(dels.length, adds.length); pair += 1) {
      if (budget.pairs >= limits.maxPairs) return pieces;
      const del = lines[dels[pair] ?? -1];
      const add = lines[adds[pair] ?? -1];
      if (!del || !add || del.text.length > limits.maxLineChars || add.text.length > limits.maxLineChars) continue;
      budget.pairs += 1;
      const changes = diffWordsWithSpace(del.text, add.text);
      // Lines with no word in common are a replacement, not an edit: marking every word says nothing.
      if (!changes.some((change) => !change.added && !change.removed && change.value.trim() !== '')) continue;
      pieces.set(
        dels[pair] ?? -1,
        changes.filter((change) => !change.added).map((change) => ({ text: change.value, changed: change.removed })),
      );
      pieces.set(
        adds[pair] ?? -1,
        changes.filter((change) => !change.removed).map((change) => ({ text: change.value, changed: change.added })),
      );
    }
  }
  return pieces;
}
