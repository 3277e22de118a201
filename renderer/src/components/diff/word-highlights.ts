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
  /** A pair needing more word edits than this gets no marks (jsdiff gives up early: the cost stays bounded). */
  maxEditLength?: number;
}

/** What a diff has spent on word marks so far: the pairs compared, and when it must stop (performance.now()). */
export interface WordBudget {
  pairs: number;
  stopAt?: number;
}

const CAPS = DEFAULTS.rendererDiff;
const DEFAULT_LIMITS: WordLimits = {
  maxLineChars: CAPS.wordDiffMaxLineChars,
  maxPairs: CAPS.wordDiffMaxPairs,
  maxEditLength: CAPS.wordDiffMaxEditLength,
};

/** A fresh budget for one diff: `wordDiffBudgetMs` of work from now. */
export function wordBudget(): WordBudget {
  return { pairs: 0, stopAt: performance.now() + CAPS.wordDiffBudgetMs };
}

/**
 * The changed words of each line of a hunk, by index: in each block of removed lines followed by
 * added lines, the i-th removed line is paired with the i-th added line and the two are compared
 * word by word (`diffWordsWithSpace`). Bounded: a pair with a line longer than `maxLineChars` is
 * not compared, a pair needing more than `maxEditLength` word edits is given up, after `maxPairs`
 * pairs nothing more is compared, nor once the budget's time is spent (the lines are still drawn,
 * just without word marks), so a huge diff costs the window a few milliseconds at most. Lines with
 * no word in common get no marks (all of it changed).
 */
export function wordHighlights(
  lines: readonly DiffLine[],
  limits: WordLimits = DEFAULT_LIMITS,
  budget: WordBudget = { pairs: 0 },
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
      const timeout = budget.stopAt === undefined ? undefined : budget.stopAt - performance.now();
      if (timeout !== undefined && timeout <= 0) return pieces;
      const del = lines[dels[pair] ?? -1];
      const add = lines[adds[pair] ?? -1];
      if (!del || !add || del.text.length > limits.maxLineChars || add.text.length > limits.maxLineChars) continue;
      budget.pairs += 1;
      const changes = diffWordsWithSpace(del.text, add.text, {
        maxEditLength: limits.maxEditLength ?? Infinity,
        timeout: timeout ?? Infinity,
      });
      // Given up (too many edits, or out of time): drawn without marks.
      if (!changes) continue;
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
