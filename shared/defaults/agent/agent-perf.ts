/** How the agent loop shares the event loop (electron/services/agent). */
export const AGENT_PERF_DEFAULTS = {
  /** The system prompt's grouped tool names are kept for this many tool sets (tool-groups.ts). */
  toolNameSetsRemembered: 16,
  /** The loop yields to the event loop this often while a fast stream runs (half a batch interval). */
  streamYieldSliceMs: 8,
  /**
   * A status sentence is asked for only once a tool has run this long: a faster tool is done
   * before any sentence could be shown, and the side request would only hold up the model.
   */
  statusSentenceDelayMs: 100,
  /**
   * The streamed model request (Ollama's /api/chat, every round) goes straight over node:http with
   * kept-alive sockets, read as bytes, instead of through ollama-js over Node's fetch, which costs
   * main two to three times the CPU per request (provider/ollama/chat-over-node-http.ts,
   * provider/node-http-request.ts; bench/peer/peer-breakdown.ts). False: ollama-js over fetch.
   */
  streamOverNodeHttp: true,
  /**
   * Side requests (titles, status sentences, the context-switch check: Ollama's non-streamed
   * /api/chat) go over node:http the same way (provider/ollama/chat-over-node-http.ts): one per new
   * conversation after its run, often while other conversations stream. False: ollama-js over fetch.
   */
  sideRequestsOverNodeHttp: true,
} as const;
