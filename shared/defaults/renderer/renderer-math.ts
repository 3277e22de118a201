/** DEFAULTS.rendererMath (see shared/constants.ts). */
export const RENDERER_MATH_DEFAULTS = {
  /** Longest formula typeset (characters). */
  maxFormulaChars: 600,
  /** Deepest `{…}` nesting in a formula. */
  maxBraceDepth: 16,
  /** Deepest nesting of \sqrt, \frac and their kin. */
  maxRootFracDepth: 8,
  /** Most cells of one matrix/array/aligned environment. */
  maxMatrixCells: 120,
  /** Typeset formulas the markdown worker keeps per source and mode. */
  cacheEntries: 256,
  /**
   * A refused display formula's source longer than this (characters) is shown in pieces of at
   * most this size, each laid out only when scrolled into view in the source's bounded box.
   */
  sourcePieceChars: 1000,
} as const;
