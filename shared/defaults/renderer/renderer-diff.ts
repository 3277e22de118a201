/** How diffs are drawn (approval cards, undo, the documents compare view): renderer/src/components/diff/. */
export const RENDERER_DIFF_DEFAULTS = {
  /** At most this many lines of a diff are drawn; the rest is counted ("… 120 more lines"). */
  maxLines: 800,
  /** Changed words are highlighted on a removed/added pair only when both lines are at most this long… */
  wordDiffMaxLineChars: 400,
  /** …and in at most this many pairs per diff, so a large change never stalls the window… */
  wordDiffMaxPairs: 150,
  /** …each pair given up past this many word edits (then the lines are drawn without marks)… */
  wordDiffMaxEditLength: 48,
  /** …and all of a diff's word marks within this much work on the window's thread (ms). */
  wordDiffBudgetMs: 8,
} as const;
