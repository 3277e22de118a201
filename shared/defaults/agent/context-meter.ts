/** The context meter under the composer (tokens of the last step of num_ctx). */
export const CONTEXT_METER_DEFAULTS = {
  /** At or above this share of the context the meter turns amber and says so. */
  warnRatio: 0.8,
} as const;
