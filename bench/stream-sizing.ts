export interface StreamSizing {
  /** The count to start from (the first one measured). */
  startTokens: number;
  /** A bare read of the chosen count lasts at least this long. */
  minMs: number;
  /** Never more than this many tokens, however fast the machine. */
  maxTokens: number;
}

/**
 * The token count for the pipeline pairs: doubled from `startTokens` until one bare read of it
 * (`measureMs`) lasts at least `minMs`, or `maxTokens` is reached. On a fast machine 20,000 tokens
 * take ~20 ms and the fixed per-run tail (at most one batch interval before the run-finish goes
 * out) would be most of what pipeline_ratio measures; sized by time, a pair again spends most of
 * its time on the per-token cost, as it did when the budget was set.
 */
export async function sizeStreamByTime(sizing: StreamSizing, measureMs: (tokens: number) => Promise<number>): Promise<number> {
  if (!(sizing.startTokens > 0 && sizing.maxTokens >= sizing.startTokens))
    throw new Error(`Stream sizing needs 0 < startTokens (${sizing.startTokens}) <= maxTokens (${sizing.maxTokens}).`);
  let tokens = sizing.startTokens;
  for (;;) {
    const ms = await measureMs(tokens);
    if (ms >= sizing.minMs || tokens >= sizing.maxTokens) return tokens;
    tokens = Math.min(tokens * 2, sizing.maxTokens);
  }
}
