/**
 * Every diff the app shows (write_file's approval card, confirming an undo, comparing two
 * versions) is one bounded diff: `tools/files/bounded-diff.ts`. It runs on main's thread and
 * Myers is O(N·D), so it gives up past `maxEditLines` changed lines or `timeoutMs`, and never
 * diffs a side larger than `maxInputBytes`; a size summary stands in for it. The shown patch is
 * cut at `maxChars` (some 500 lines) anyway, so more changed lines than `maxEditLines` would not
 * be readable; at 2,000 lines and 250 ms the worst case held main for the whole 250 ms.
 */
export const DIFF_DEFAULTS = {
  maxEditLines: 1_000,
  timeoutMs: 100,
  /** A content larger than this (either side) is summarised by size, never read into a diff. */
  maxInputBytes: 256 * 1024,
  /** The unified diff is cut at this many characters. */
  maxChars: 20_000,
} as const;
