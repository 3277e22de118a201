/** "Check this model": the suite in probes/, run through the agent loop (electron/services/probe/). */
export const MODEL_CHECK_DEFAULTS = {
  /** Tries per task (pass^k's k); `--runs K` and the dialog may ask for 1 to maxRuns. */
  runs: 3,
  maxRuns: 10,
  /** One try gives up after this long (the user's run limit applies when it is shorter): a timeout failure. */
  attemptTimeoutMs: 90_000,
  /** Tool rounds one try may take before it counts as a loop. */
  maxIterations: 8,
  /**
   * Tool budgets tuning tries. The core set (toolSelection.coreTools, 6 tools) is always offered,
   * so 8 leaves two ranked places: the smallest budget that still reaches a task's own tools.
   */
  toolBudgets: [8, 12, 16] as readonly number[],
  /**
   * How long the check waits for the model's capabilities before it starts: a built-in model is
   * loaded from its file by that call (seconds on a busy machine); a server answers at once.
   */
  builtInLoadTimeoutMs: 120_000,
  /** Before the first report: estimated seconds per try, for the progress bar. */
  estimatedAttemptMs: 8000,
  /**
   * A memory-backed temp area (Linux tmpfs) holds the tries' scratch folders only with this much
   * room free; otherwise they go to the system's temp folder (electron/services/probe/scratch-base.ts).
   */
  scratchMinFreeBytes: 64 * 1024 * 1024,
  /**
   * The report card's verdict from the share of tasks passed every time (all k tries): "Good at
   * tools" from `good`, "Fair" from `fair`, "Unreliable" below; every task: "Reliable".
   */
  verdictShares: { good: 0.75, fair: 0.5 },
} as const;
