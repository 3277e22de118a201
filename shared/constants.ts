/**
 * Every behaviour-altering default lives here. Settings start from these values; the CLI's flags
 * and the settings screen override them. Nothing else in the tree hard-codes a limit.
 */
export const DEFAULTS = {
  /** Where Ollama listens when neither a setting, a flag nor OLLAMA_HOST says otherwise. */
  ollamaHost: 'http://127.0.0.1:11434',
  /** Upper bound on `options.num_ctx`: the model's own context length is used when smaller. */
  maxContextTokens: 8192,
  /** num_ctx when /api/show does not report a context length. */
  fallbackContextTokens: 4096,

  /** Tool rounds before the loop asks the model for a summary and stops (seed: 10). */
  maxIterations: 10,
  /** Tool errors in a row that stop the run (seed: 3). */
  maxConsecutiveErrors: 3,
  /** Whole-run budget (seed: 2 minutes). */
  runTimeoutMs: 120_000,
  /** Same call repeated this many times in a row stops the run (2nd is refused, 3rd stops). */
  repeatedCallStopAt: 3,
  /** Failed parses of the prompt-based JSON format in a row that stop the run. */
  maxConsecutiveParseFailures: 3,
  /** Tool stack depth at which the run pauses and asks Continue or Cancel (seed: 20). */
  depthLimit: 20,
  /** Levels granted by each Continue at the depth prompt (seed: 20). */
  depthLimitStep: 20,

  /** Characters of tool output per user turn, shared by all tools (seed: 6000). */
  toolOutputBudgetChars: 6000,
  /** Per-tool cap before the shared budget applies (seed: list_directory 5000, others 2000). */
  toolOutputLimitChars: { default: 2000, list_directory: 5000 } as Readonly<Record<string, number>>,
  /** Context length at or above which the tool output budget scales up. */
  largeContextTokens: 32_768,

  /** Side request that turns a tool call into a sentence (seed: 2 s, ≤ 10 words, 20 tokens). */
  statusSentenceBudgetMs: 2000,
  statusSentenceMaxTokens: 20,
  statusSentenceMaxWords: 10,

  /** At most one event batch per this many ms crosses to the renderer (one animation frame). */
  eventBatchIntervalMs: 16,
  /** Streamed text is flushed to disk at least this often. */
  timelineFlushIntervalMs: 500,
  /** An approval nobody answers within this time is a denial. */
  approvalTimeoutMs: 5 * 60_000,

  /** Listing models or reading capabilities gives up after this long (a dead host answers fast). */
  ollamaProbeTimeoutMs: 5000,
  /** Largest message the renderer may send (characters). */
  maxMessageChars: 200_000,
} as const;

export type Defaults = typeof DEFAULTS;
