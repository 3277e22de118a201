/** The sidebar and conversation actions (renderer/src/store). */
export const RENDERER_CONVERSATIONS_DEFAULTS = {
  /** A deleted conversation can be brought back this long; only then is it really deleted. */
  deleteUndoMs: 5000,
  /** The sidebar search asks main this long after the last keystroke. */
  searchDebounceMs: 250,
  /** How long "Copied" shows after copying a message. */
  copiedConfirmMs: 2000,
} as const;
