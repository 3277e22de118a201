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
  /** Largest conversation export accepted by conversation.import (characters). */
  maxImportChars: 50_000_000,

  /** The agent loop (electron/services/agent). */
  agent: {
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
  },

  /** The app services (electron/services/app). */
  app: {
    /** A new conversation is titled with this many words of its first message at most. */
    titleMaxWords: 8,
    /** ...and this many characters at most. */
    titleMaxChars: 60,
    /** Finished runs remembered for `waitForRun` (the CLI asks right after starting one). */
    finishedRunMemory: 100,
    /** On shutdown, runs get this long to finish after their abort before the timelines are closed anyway. */
    shutdownGraceMs: 3000,
  },

  /** Tool stack, approvals, commands, context switch (electron/services/orchestration). */
  orchestration: {
    /** The original request is cut to this many characters in the tool-context block of the system prompt. */
    contextPromptRequestMaxChars: 300,
    /** How many answered/expired approval ids are remembered, to tell a replay from a forgery. */
    resolvedApprovalMemory: 1000,
    /** Tokens the context-switch side request may answer with (one word is enough). */
    contextSwitchMaxTokens: 8,
    /** Close matches offered when `/tool <name>` names no tool. */
    toolSuggestionCount: 3,
  },

  /** Limits of the built-in tools (tools/). */
  tools: {
    /** read_file reads at most this many bytes of a file; the rest is reported as truncated. */
    readFileMaxBytes: 256 * 1024,
    /** write_file's approval preview (a unified diff) is cut at this many characters. */
    writePreviewMaxChars: 20_000,
    /** list_directory lists at most this many entries. */
    listDirectoryMaxEntries: 500,
    /** search_files stops after this many matches. */
    searchMaxResults: 50,
    /** search_files looks at most at this many files per call. */
    searchMaxFiles: 5000,
    /** search_files skips the content of files larger than this. */
    searchMaxFileBytes: 512 * 1024,
    /** run_command stops a command (and its children) after this long. */
    commandTimeoutMs: 30_000,
    /** run_command keeps at most this many characters of stdout and of stderr (head and tail). */
    commandMaxOutputChars: 20_000,
    /** fetch_url gives up after this long. */
    fetchTimeoutMs: 15_000,
    /** fetch_url reads at most this many bytes of a response body. */
    fetchMaxBytes: 1024 * 1024,
    /** fetch_url returns at most this many characters of extracted text. */
    fetchMaxTextChars: 50_000,
    /** calculate refuses longer expressions. */
    calculateMaxExpressionChars: 1000,
    /** calculate stops an expression (running in a worker thread) after this long. */
    calculateTimeoutMs: 5000,
    /** calculate's worker thread heap; an expression needing more is stopped. */
    calculateMaxMemoryMb: 64,
    /** calculate cuts longer results (a big matrix). */
    calculateMaxResultChars: 4000,
    /** recall_memory returns this many notes when the model does not say. */
    recallDefaultLimit: 5,
    /** collect_tool_parameters asks for at most this many parameters per call. */
    collectMaxParameters: 10,
  },

  /** The renderer's store. */
  rendererStore: {
    /** localStorage key that remembers whether the tool-stack panel is collapsed. */
    panelCollapsedKey: 'taco.stackPanelCollapsed',
    /** Error notices kept on screen at once; older ones drop off. */
    maxNotices: 3,
  },

  /** The renderer's transport. */
  rendererTransport: {
    /** First reconnect delay after the WebSocket drops; doubles per failed attempt. */
    reconnectInitialMs: 500,
    /** Upper bound of the reconnect delay. */
    reconnectMaxMs: 10_000,
    /** sessionStorage key that keeps the web host's token across reloads. */
    tokenStorageKey: 'taco.token',
  },

  /** The web host (electron/hosts/web). */
  webHost: {
    /** Largest WebSocket frame accepted (a 200,000-character message is at most ~800 KB of UTF-8). */
    maxFrameBytes: 1024 * 1024,
  },

  /** Longest stored conversation title (characters). */
  storedTitleMaxChars: 200,
} as const;

export type Defaults = typeof DEFAULTS;
