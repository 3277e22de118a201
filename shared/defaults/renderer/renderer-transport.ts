/** The renderer's transport. */
export const RENDERER_TRANSPORT_DEFAULTS = {
  /** First reconnect delay after the WebSocket drops; doubles per failed attempt. */
  reconnectInitialMs: 500,
  /** Upper bound of the reconnect delay. */
  reconnectMaxMs: 10_000,
  /** sessionStorage key that keeps the web host's token across reloads. */
  tokenStorageKey: 'taco.token',
} as const;
