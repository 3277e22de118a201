/**
 * Defaults of the web host that are not (yet) in shared/constants.ts DEFAULTS.
 * Each one is listed in the report so it can move into DEFAULTS.
 */
export const WEB_HOST_DEFAULTS = {
  /** Largest WebSocket frame accepted (a 200,000-character message is at most ~800 KB of UTF-8). */
  maxFrameBytes: 1024 * 1024,
} as const;
