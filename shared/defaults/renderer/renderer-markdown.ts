/**
 * Finished markdown blocks that are costly to parse or typeset are rendered off the window's
 * main thread, in the markdown worker (renderer/src/components/markdown/worker/).
 */
export const RENDERER_MARKDOWN_DEFAULTS = {
  /** A finished block at least this long (characters), or one with `$$`, goes to the worker. */
  workerMinChars: 1500,
  /** How long the worker may take for one block before it is stopped and the block shows as text (ms). */
  workerDeadlineMs: 10_000,
  /** Rendered blocks kept per source (an answer shown again is not parsed or typeset again). */
  cacheEntries: 400,
  /**
   * Elements of rendered blocks put on the page per animation frame; the blocks past it wait for
   * the next frames (their place kept). Measured on a loaded 2-core machine: ~7,000 KaTeX
   * elements took ~330 ms of React, style and layout work in one task, 500 a frame ~45 ms.
   */
  elementsPerFrame: 300,
  /**
   * Characters of a block shown while it waits for the worker (the rest follows with its
   * result): an 84 KB block as text was ~50 ms of layout on its own.
   */
  pendingPreviewChars: 2000,
} as const;
