/**
 * Defaults of the renderer's transport. Candidates for shared/constants.ts (DEFAULTS); listed in
 * the renderer's report so they can move there.
 */
export const TRANSPORT_DEFAULTS = {
  /** First reconnect delay after the WebSocket drops; doubles per failed attempt. */
  reconnectInitialMs: 500,
  /** Upper bound of the reconnect delay. */
  reconnectMaxMs: 10_000,
  /** sessionStorage key that keeps the web host's token across reloads. */
  tokenStorageKey: 'taco.token',
} as const;
