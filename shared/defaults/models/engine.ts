/** DEFAULTS.engine (see shared/constants.ts). */
export const ENGINE_DEFAULTS = {
  /** The id a built-in server gets when `addBuiltInServer` is not given one (its models are `built-in::<file>`). */
  serverId: 'built-in',
  serverName: 'Built-in engine',
  /** Context a built-in server loads its model with unless the server says otherwise (tokens). */
  contextSize: 4096,
  /**
   * Threads for generation. Capped low on purpose: with every core busy llama.cpp's default
   * thread count makes generation collapse (measured: 135 tokens in 207 s on 2 busy cores).
   */
  threads: 2,
  maxThreads: 64,
  /** Largest and smallest context a built-in server may ask for (tokens). */
  minContextSize: 256,
  maxContextSize: 131_072,
  /**
   * Memory the loaded model (weights + KV cache) may take, as a share of the machine's total RAM;
   * a model over it is refused before loading with a message that says how much it needs.
   */
  memoryBudgetShare: 0.75,
  /** Sampling temperature when the conversation sets none (Ollama's default). */
  temperature: 0.8,
  /** Most tokens one step may generate when the caller sets no limit. */
  maxStepTokens: 2048,
  /**
   * The engine runs in a process of its own; with no call for this long it unloads the model and
   * exits, giving its memory back (the next call starts it again and reloads the model).
   */
  idleExitMs: 5 * 60_000,
  /** After asking an idle engine to exit, how long it may take before it is killed. */
  exitGraceMs: 5_000,
} as const;
