/** The agent loop (electron/services/agent). */
export const AGENT_DEFAULTS = {
  /**
   * The prompt-based tool format asks the server for a JSON reply that is one offered call or
   * {"answer"} (Ollama `format`, OpenAI `response_format`): malformed calls cannot happen. A
   * server that ignores it is noticed and the run goes on without it.
   */
  constrainedPromptFormat: true,
  /** Rough size of a token when estimating what fits num_ctx (small contexts, ~4 chars). */
  charsPerToken: 4,
  /**
   * Where the server counts a request's tokens (llama.cpp), its characters per token replace the
   * rough figure for that step, kept within this range against a count that makes no sense.
   */
  measuredCharsPerTokenRange: [1, 8] as readonly [number, number],
  /** Share of num_ctx kept free for the model's reply when fitting history. */
  replyReserveRatio: 0.25,
  /**
   * Once earlier turns must go to fit num_ctx, the history is cut only at fixed points this share
   * of the budget apart (counted from the conversation's start), so the cut stays where it is for
   * several turns and the server keeps reusing its cached prompt: cutting one turn at a time moved
   * the start of the prompt at every turn, and each such turn was evaluated again in full.
   */
  historyCutBlockRatio: 0.25,
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
  /**
   * Steps per loop a server may spoil (an unreadable tool call, an empty reply with eval_count > 0)
   * that are sent back to the model with what went wrong; the next one stops the run.
   */
  maxServerRepairs: 1,
} as const;
