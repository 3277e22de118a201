/**
 * What a model's diagram or formula may cost the window (renderer/src/components/markdown). Over a
 * cap, the source shows as code with the reason; nothing is laid out or typeset.
 */
export const RENDERER_DIAGRAMS_DEFAULTS = {
  /** Longest mermaid source drawn (characters); mermaid's own cap is 50,000. */
  maxSourceChars: 8000,
  /** Most nodes and edges a diagram may declare, counted from the source before any layout. */
  maxNodes: 100,
  maxEdges: 200,
  /** Largest SVG a drawing may come back as (characters); a bigger one shows as code. */
  maxSvgChars: 400_000,
  /** Largest side a drawing may report (px); the window sizes the diagram's view frame from it. */
  maxSidePx: 20_000,
  /** How long the diagram frame may take for one drawing before it is torn down (ms). */
  frameDeadlineMs: 8000,
  /** How long the diagram frame may take to load (mermaid is large) before diagrams show as code (ms). */
  frameStartMs: 30_000,
  /** Drawings kept per source and theme (an answer shown again is not laid out again). */
  cacheEntries: 64,
} as const;
