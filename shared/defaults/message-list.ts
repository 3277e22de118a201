/** The virtualized message list (renderer/src/components/message-list). */
export const MESSAGE_LIST_DEFAULTS = {
  /** Messages rendered beyond each edge of the visible area. */
  overscan: 2,
  /** Distance from the bottom (px) within which the list keeps following new output. */
  followThresholdPx: 80,
  /** An upward scroll this soon (ms) after an upward wheel turn or key, a touch or a pointer press is the user's own. */
  userScrollWindowMs: 400,
  /** Read back more than this many list heights from the newest message, "Jump to latest" shows. */
  jumpToLatestAfterScreens: 1,
  /** Space between two messages (px); part of each row, so measured sizes include it. */
  gapPx: 18,
  /** Scrolled this close (px) to the top of the loaded messages, the list asks for the page before them. */
  loadOlderWithinPx: 600,
  /**
   * Render the rows a scroll brings in inside the scroll event's own task (flushSync). Off: they
   * render in a task of their own, so a row of typeset formulas mounted or unmounted by a scroll
   * is not one long task with that frame's style, layout and paint (overscan keeps rows ready).
   */
  flushSyncOnScroll: false,
} as const;
