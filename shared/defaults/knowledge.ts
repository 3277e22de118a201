/** DEFAULTS.knowledge (see shared/constants.ts). */
export const KNOWLEDGE_DEFAULTS = {
  /** A file larger than this is skipped (with the reason in the index's status), e.g. a 2 GB log. */
  maxFileBytes: 20 * 1024 * 1024,
  /** A folder stops being walked after this many files (the rest are counted as not indexed). */
  maxFilesPerFolder: 20_000,
  /** Folders deeper than this under the added folder are not walked. */
  maxDepth: 32,
  /** A chunk grows by whole paragraphs (or declarations, or sections) up to about this many characters. */
  chunkChars: 1200,
  /** A single paragraph longer than this is cut into pieces of this size (by lines). */
  maxChunkChars: 2400,
  /** Names never walked into or indexed (besides names starting with a dot). */
  skippedNames: ['node_modules', '__pycache__'] as readonly string[],
  /** Reciprocal rank fusion's k: a passage scores Σ 1/(k + rank) over the lexical and vector rankings. */
  rrfK: 60,
  /** Each ranking contributes at most this many candidates to the fusion. */
  candidatesPerRanking: 50,
  /** Passages search_knowledge returns unless the model asks for fewer (1..maxResults). */
  defaultResults: 5,
  maxResults: 10,
  /** Characters of a passage's text handed to the model (the rest is cut with an ellipsis). */
  passageChars: 1500,
  /** A conversation (or project) that sets nothing does not search its knowledge folders before each message. */
  searchEveryMessage: false,
  /** Searching on every message: passages put into the context at most, best first. */
  everyMessagePassages: 5,
  /** Searching on every message: prompt tokens the passages' section (fence and instructions included) may take. */
  everyMessageBudgetTokens: 1500,
  /** Chunk texts per embedding request. */
  embedBatchSize: 32,
  /** The indexer yields to the event loop after this many milliseconds of synchronous work. */
  sliceMs: 8,
  /** "Time left" while a folder is read: none before this many files are read in the pass. */
  estimateMinFiles: 3,
  /** "Time left": each file counts as this many bytes of work besides its size (a folder of tiny files still takes time). */
  estimateFileOverheadBytes: 16 * 1024,
  /** Settings → Knowledge hears of indexing progress at most this often (the last change always arrives). */
  statusEventMs: 250,
  /** A folder's changes are applied once this long passed with no further change (a burst is one pass). */
  watchDebounceMs: 300,
  /** The saved index is written once this long passed after the last change to it. */
  saveDelayMs: 1000,
} as const;
