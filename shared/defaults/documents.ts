/** Versions of the files tools write, kept for undo (electron/services/documents). */
export const DOCUMENTS_DEFAULTS = {
  /** All kept versions together stay under this many megabytes (settings.versionBudgetMb overrides); the oldest go first. */
  versionBudgetMb: 200,
  /** A file larger than this is not kept as a version (its write cannot be undone; the record says so). */
  maxVersionFileBytes: 20 * 1024 * 1024,
  /** The Documents browser previews at most this many characters of a text version; over it, the beginning and "shortened". */
  previewMaxChars: 100_000,
  /** A picture larger than this is not previewed (it would travel to the renderer as a data URL). */
  previewImageMaxBytes: 2 * 1024 * 1024,
  /** Characters of a document's content an automatic summary is made from. */
  summaryInputChars: 6000,
  /** A picture (attached by the user, or written) larger than this gets no automatic description: ~ the bytes of the images one message may carry. */
  maxSummaryImageBytes: 675_000,
  /** Tokens an automatic summary may take. */
  summaryMaxTokens: 120,
  /** The side request making an automatic summary gives up after this long. */
  summaryTimeoutMs: 60_000,
  /** Characters of a document's content that search_documents indexes. */
  searchContentChars: 50_000,
  /** Documents list_documents and search_documents return at most. */
  maxListed: 20,
  /** Characters of documents loaded into a helper's first message, or into the result a parent reads after a handoff; over it, summaries. */
  passedChars: 3000,
  /** The tools whose writes are versioned: their rows offer Undo. */
  versionedTools: ['write_file'] as readonly string[],
} as const;
