/** search_web (electron/services/web-search): Ollama's web search API or a SearXNG instance. */
export const WEB_SEARCH_DEFAULTS = {
  /** Ollama's documented endpoint (docs.ollama.com/capabilities/web-search). */
  ollamaUrl: 'https://ollama.com/api/web_search',
  /** Results asked for when the model does not say (Ollama's default; its maximum is 10). */
  defaultResults: 5,
  maxResults: 10,
  /** A search gives up after this long. */
  timeoutMs: 20_000,
  /** Characters of each result's content passed to the model. */
  contentChars: 500,
  /** A search service's answer is read up to this; past it the search fails (ten results need far less). */
  maxResponseBytes: 1024 * 1024,
} as const;
