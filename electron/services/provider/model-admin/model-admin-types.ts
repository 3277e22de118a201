/** One step of a pull, summed over every layer Ollama reported so far. */
export interface PullProgress {
  /** Ollama's status line: "pulling manifest", "pulling 6a0746a1ec1a", "verifying sha256 digest", "success". */
  status: string;
  /** Bytes downloaded so far over all layers; null before any layer reported a size. */
  completedBytes: number | null;
  /** Bytes to download over all layers seen so far; null before any layer reported a size. */
  totalBytes: number | null;
}

export interface PullOptions {
  /** Aborting stops the download (Ollama keeps what it has and resumes next time). */
  signal: AbortSignal;
  onProgress(progress: PullProgress): void;
}

/**
 * Managing the models of one Ollama host: pull, delete, unload, and the version check. Separate
 * from ChatProvider (which only talks to models); every failure is a ProviderError in plain words.
 */
export interface ModelAdmin {
  readonly host: string;
  /** Resolves once Ollama says "success"; rejects with a ProviderError (kind "aborted" on cancel). */
  pull(name: string, options: PullOptions): Promise<void>;
  /** Rejects with kind "model-not-found" when the model is not installed. */
  delete(name: string, signal?: AbortSignal): Promise<void>;
  /** Frees the model's memory now (keep_alive 0); it loads again on the next message. */
  unload(name: string, signal?: AbortSignal): Promise<void>;
  /** Ollama's version, e.g. "0.12.0". */
  version(signal?: AbortSignal): Promise<string>;
}
