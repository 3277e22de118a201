/** The local OpenAI-compatible API (electron/services/gateway, electron/hosts/api). */
export const GATEWAY_DEFAULTS = {
  /** Largest request body accepted (images arrive base64 in the JSON: 32 MB). */
  maxRequestBytes: 32 * 1024 * 1024,
  /** Largest response streamed to one client before the gateway cuts it (a runaway model or server). */
  maxStreamBytes: 64 * 1024 * 1024,
  /** Requests the gateway forwards at once; more wait for HTTP 429 instead of starving the app's own runs. */
  maxConcurrentRequests: 16,
  /** Listing the models of every server gives up after this long per server. */
  listModelsTimeoutMs: 5000,
  /** `owned_by` of every model in GET /v1/models. */
  ownedBy: 'taco',
  /** Bytes of random key material (base64url) in a generated API key. */
  keyBytes: 32,
  /** Prefix of a generated key, so it is recognisable in a client's settings. */
  keyPrefix: 'taco-',
  /** Settings → Local API when nothing is stored: off, on this port. */
  defaultPort: 11_500,
  /** File in the data folder that holds the Local API settings (the key only as its SHA-256). */
  configFileName: 'local-api.json',
  /**
   * Whether API clients may answer approvals (`POST /v1/taco/approvals/{id}`), and so run risky
   * tools with no one at the window: off unless the user turns it on (Settings → Local API; the
   * headless host's `--allow-api-approvals`). Off, risky calls wait for the window (headless: are refused).
   */
  allowApiApprovals: false,
  /** The headless host's `--key-file` is refused past this size (a key is a line). */
  maxKeyFileBytes: 4096,
} as const;
