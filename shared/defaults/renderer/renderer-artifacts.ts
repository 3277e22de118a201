/**
 * Artifact previews (renderer/src/components/artifacts): an HTML or SVG code block runs in the
 * sandboxed artifact frame (shared/rendering/artifact-frame.ts), watched by a heartbeat.
 */
export const RENDERER_ARTIFACTS_DEFAULTS = {
  /** Largest artifact previewed (characters); a bigger one says so and shows nothing. */
  maxChars: 1_000_000,
  /** How often the window asks the frame whether its thread still answers (ms). */
  heartbeatMs: 500,
  /** A frame that has not answered for this long (stuck in a loop, or never started) is removed (ms). */
  stallBudgetMs: 3000,
  /** How long the frame's page may take to load before the preview gives up (ms). */
  frameStartMs: 10_000,
  /** Longest side (characters) sent to main for a diff between two versions; two fit one WebSocket frame. */
  maxDiffChars: 120_000,
} as const;
