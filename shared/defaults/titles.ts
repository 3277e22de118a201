/** Conversation titles (electron/services/app/titles). */
export const TITLES_DEFAULTS = {
  /** The side request that names a conversation gives up after this long (the first words stay). */
  budgetMs: 2000,
  /** A generated title has at most this many words. */
  maxWords: 6,
  /** Tokens the model may answer with. */
  maxTokens: 24,
  /** Characters of the question and of the answer shown to the model. */
  exchangeChars: 600,
} as const;
