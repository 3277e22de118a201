/** The app services (electron/services/app). */
export const APP_DEFAULTS = {
  /** A new conversation is titled with this many words of its first message at most. */
  titleMaxWords: 8,
  /** ...and this many characters at most. */
  titleMaxChars: 60,
  /** Finished runs remembered for `waitForRun` (the CLI asks right after starting one). */
  finishedRunMemory: 100,
  /** On shutdown, runs get this long to finish after their abort before the timelines are closed anyway. */
  shutdownGraceMs: 3000,
} as const;
