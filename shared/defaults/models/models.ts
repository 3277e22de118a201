/** The models handlers (electron/services/app/models). */
export const MODELS_DEFAULTS = {
  /** A pull's progress crosses to the renderer at most this often (status changes and the end go at once). */
  pullProgressIntervalMs: 100,
  /** Pulls running at the same time; another one is refused with words until one ends. */
  maxConcurrentPulls: 3,
  /**
   * Bytes per KV-cache element in the memory estimate: Ollama's default cache type is f16 (2 bytes;
   * q8_0 is 1, q4_0 0.5: OLLAMA_KV_CACHE_TYPE, fs/ggml/ggml.go kvCacheBytesPerElement).
   */
  kvBytesPerElement: 2,
} as const;
