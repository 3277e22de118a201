/** The web host (electron/hosts/web). */
export const WEB_HOST_DEFAULTS = {
  /** Largest WebSocket frame accepted (a 200,000-character message is at most ~800 KB of UTF-8). */
  maxFrameBytes: 1024 * 1024,
  /**
   * The web host listens first and makes main (the app services) once the page's first files
   * are sent or something asks for it; with no page by then, it makes main this long after
   * listening anyway, so a bad data folder or tool catalogue is reported without a page.
   */
  makeServicesAfterMs: 1000,
} as const;
