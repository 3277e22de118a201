import { DEFAULTS } from '../../shared/constants';
import { ToolFailure } from '../catalogue/tool-runtime-types';

export interface FileMatcher {
  matchesName(name: string): boolean;
  /** False for a pattern with * or ?: it matches file names only. */
  searchesContent: boolean;
  matchesLine(line: string): boolean;
}

/**
 * Plain text: case-insensitive substring of a file name or of a line. With * or ?: a file-name
 * glob (* any run of characters, ? one character), matched against the whole name; folders in
 * the pattern (the "src/" of "src/*.py") are ignored, since the search already goes through every folder.
 * The glob is matched by `wildcardMatch`, never by a regex: a regex of many `.*` backtracks
 * exponentially and would freeze main (Stop included).
 */
export function createFileMatcher(pattern: string): FileMatcher {
  const wanted = pattern.trim().toLowerCase();
  const max = DEFAULTS.tools.searchMaxPatternChars;
  if (wanted.length > max) throw new ToolFailure(`The pattern is longer than ${max} characters. Use a shorter word or file-name pattern.`);
  if (/[*?]/.test(wanted)) {
    const namePart = wanted.split(/[\\/]/).pop() ?? wanted;
    return {
      matchesName: (name) => wildcardMatch(namePart, name).matched,
      searchesContent: false,
      matchesLine: () => false,
    };
  }
  return {
    matchesName: (name) => name.toLowerCase().includes(wanted),
    searchesContent: true,
    matchesLine: (line) => line.toLowerCase().includes(wanted),
  };
}

/**
 * Case-insensitive whole-string glob match (* any run, ? one character) with two pointers and one
 * remembered star: each step advances the name pointer or retries from the last star with one more
 * character, so it takes at most (pattern + 1) × (name + 1) steps. `steps` is returned so tests
 * can prove that bound instead of timing it.
 */
export function wildcardMatch(pattern: string, name: string): { matched: boolean; steps: number } {
  const p = pattern.toLowerCase();
  const s = name.toLowerCase();
  let pi = 0;
  let si = 0;
  let starAt = -1;
  let starMatch = 0;
  let steps = 0;
  while (si < s.length) {
    steps++;
    if (pi < p.length && (p[pi] === '?' || (p[pi] !== '*' && p[pi] === s[si]))) {
      pi++;
      si++;
    } else if (pi < p.length && p[pi] === '*') {
      starAt = pi++;
      starMatch = si;
    } else if (starAt >= 0) {
      pi = starAt + 1;
      si = ++starMatch;
    } else {
      return { matched: false, steps };
    }
  }
  while (pi < p.length && p[pi] === '*') {
    steps++;
    pi++;
  }
  return { matched: pi === p.length, steps };
}
