/**
 * Words of how the work was organised, not of the product: a numbered issue, a "stop" or "round"
 * as a unit of time, "this session". The repository speaks of the product only; history lives in
 * commit messages. `processWordsIn` finds them in one file's text; the test runs it over every file
 * git tracks.
 */
const ORDINALS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth';

const PATTERNS: readonly RegExp[] = [
  // A numbered issue of our own tracker ("issue 35", "issue #36"); another project's issues have longer numbers
  // and a repository in front ("ollama/ollama issue 18264"), which is a citation, not a work log.
  /(?<!\/[\w.-]+\s)\bissues? #?\d{1,2}\b/i,
  // A stop of work as a unit of time ("the ninth stop", "this stop", "stop 12").
  new RegExp(`\\b(?:${ORDINALS}|this|last|next|previous) stop\\b`, 'i'),
  /\bstop \d+\b/i,
  // A round of work ("round IV", "before this round"); a round of the agent loop is a product word.
  /\bround (?:I|II|III|IV|V|VI|\d+)\b/,
  /\bbefore this round\b/i,
  // The work session ("this session", "the last session").
  /\b(?:this|last|next|previous) (?:work )?session\b/i,
];

export interface ProcessWord {
  line: number;
  text: string;
}

/** Every line of `text` that carries a process word, numbered from 1. */
export function processWordsIn(text: string): ProcessWord[] {
  const found: ProcessWord[] = [];
  text.split('\n').forEach((line, index) => {
    if (PATTERNS.some((pattern) => pattern.test(line))) found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}
