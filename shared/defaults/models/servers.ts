/** Model servers beyond the local Ollama: remote Ollama and OpenAI-compatible servers (electron/services/provider/openai-compatible, electron/services/servers). */
export const SERVERS_DEFAULTS = {
  /** A server's default connect timeout: listing models, the tool probe and Test connection give up after this long. */
  connectTimeoutMs: 5000,
  /** The one-token tools probe may wait this long (a server may load the model first, as LM Studio and Ollama do). */
  toolProbeTimeoutMs: 60_000,
  /** A 429/503 is retried once after its Retry-After; a server asking for a longer wait than this is not retried (the error says how long it asked for). */
  maxRetryAfterMs: 30_000,
  /** The wait before that one retry when the server sends no Retry-After. */
  defaultRetryAfterMs: 1000,
  /**
   * llama.cpp answers 503 "Loading model" (no Retry-After) until the model is loaded: the tool
   * probe, a step and a side request wait these delays in turn (about half a minute), then say so.
   */
  loadingRetryDelaysMs: [1000, 2000, 4000, 8000, 15_000] as readonly number[],
  /**
   * llama.cpp's slots share one KV cache: concurrent requests can exhaust it mid-stream ("Context
   * size has been exceeded.") although each fits alone. A step that showed nothing yet is tried
   * again after each of these delays, then the shortage is said in words.
   */
  sharedMemoryRetryDelaysMs: [250, 1000, 3000] as readonly number[],
  /**
   * A step whose headers have not come after this long asks llama.cpp's `/slots` whether every
   * slot is answering other requests, and if so says the server is busy (it waits on).
   */
  busyCheckAfterMs: 3000,
  /**
   * llama.cpp's context (`/props`) is read again when what TACO knows is older than this: a
   * server restarted with another `-c` behind a running TACO, larger or smaller, is planned for as it is now.
   */
  contextRecheckMs: 5000,
  /** Between the two reads of `/slots`: a slot whose generated count grew meanwhile is another request's, not this one's prompt. */
  busyRecheckMs: 500,
  /**
   * A model server's answer read whole into main (model lists, llama.cpp's `/props`, `/slots`
   * and token counts, the tool probe, side requests) stops at this many bytes and fails in words.
   */
  maxAnswerBytes: 4 * 1024 * 1024,
  /** Servers in the list at most. */
  maxServers: 20,
  /** Headers per server at most. */
  maxHeaders: 10,
  /** What settings.get shows instead of a stored header value; sending it back keeps the stored value. */
  maskedHeaderValue: '••••••••',
  /** Separates a server id from a model name in a model reference (`<serverId>::<model>`); the first server's models need none. */
  modelRefSeparator: '::',
  /** The OpenAI client is given this key when the server's headers carry no Authorization (local servers ignore it). */
  placeholderApiKey: 'taco-no-key',
  /** Redirects followed within one origin when secret headers are sent (a redirect to another origin is refused). */
  maxSameOriginRedirects: 5,
} as const;
