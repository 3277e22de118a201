/** The conversation timeline. */
export const RENDERER_TIMELINE_DEFAULTS = {
  /** This many finished tool calls in a row fold into one "Used N tools ▸" line (calls that did not succeed stay visible). */
  toolGroupMin: 3,
  /** An approval scope up to this many characters is named on "Allow … for this conversation"; a longer one goes on a line under the buttons. */
  allowScopeOnButtonMax: 40,
  /** Inside a delegation row, a helper's calls are indented under its delegate call up to this many levels; deeper ones line up with the last. */
  delegationIndentLevels: 6,
} as const;
