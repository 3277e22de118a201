/**
 * Defaults of the agent loop that are not (yet) in shared/constants.ts DEFAULTS. Each one alters
 * behaviour, so each one lives here and nowhere else; the lead may move them into DEFAULTS.
 */
export const AGENT_DEFAULTS = {
  /** Rough size of a token when estimating what fits num_ctx (seed: small contexts, ~4 chars). */
  charsPerToken: 4,
  /** Share of num_ctx kept free for the model's reply when fitting history. */
  replyReserveRatio: 0.25,
  /** Tool output budget multiplier for models whose context is >= DEFAULTS.largeContextTokens. */
  largeContextBudgetFactor: 2,
  /** Even with the per-turn budget used up, a tool result keeps at least this many characters. */
  minToolOutputChars: 400,
  /** Cap on an error text before it enters history (errors do not use the shared budget). */
  toolErrorLimitChars: 1000,
  /**
   * contextTruncated: only when our estimate of the prompt exceeds num_ctx AND Ollama evaluated
   * fewer than this share of it. Prompt caching alone can never trigger it (see usage-report.ts).
   */
  truncatedPromptRatio: 0.5,
  /** Final answers longer than this are never read as "the model gave up" (see give-up-detector.ts). */
  giveUpMaxChars: 500,
  /** Characters of a tool description shown per line in "unknown tool" errors. */
  toolSummaryMaxChars: 100,
} as const;
