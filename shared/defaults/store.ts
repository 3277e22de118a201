/** Conversation search (electron/services/store). */
export const STORE_DEFAULTS = {
  /** Search keeps at most this many characters of one conversation's text (the rest is not searchable). */
  searchMaxCharsPerConversation: 500_000,
  /** conversations.search returns at most this many hits. */
  searchMaxHits: 50,
  /** Words of a query that count; the rest are ignored. */
  searchMaxQueryWords: 8,
  /** Characters of text shown around a match. */
  searchSnippetChars: 160,
  /** A hit's text is read in chunks of this size until its snippet is found (snippet-read.ts), not whole. */
  searchSnippetReadBytes: 16 * 1024,
  /** The search index is written this long after a change (and on close); a stale one is refreshed at start. */
  searchIndexSaveDelayMs: 30_000,
  /**
   * After an append, index.json is written this long later, once for the burst (other changes write
   * it at once); a marker made before the append tells a start after a crash to check it (index-writer.ts).
   */
  indexSaveDelayMs: 1_000,
  /** That marker's name in the conversations folder. */
  indexStaleMarker: '.index-stale',
  /** The search index's log of changes is folded into a new snapshot when it is saved past this size. */
  searchLogMaxBytes: 8 * 1024 * 1024,
  /** Data files (settings with server headers, mcp.json with env secrets, conversations) are the user's alone. */
  fileMode: 0o600,
  /**
   * Appends and new files up to this size are written with synchronous calls (~10–20 µs on main),
   * larger ones through the thread pool (inline-writes.ts). Never with an fsync.
   */
  inlineWriteMaxBytes: 64 * 1024,
  /** Data folders the app creates, likewise. */
  folderMode: 0o700,
  /** At start, at most this many entries of the data folder are checked for modes an older version left open (tighten-modes.ts). */
  tightenMaxEntries: 50_000,
  /** Written in the data folder after a whole walk narrowed every mode (tighten-modes.ts): later starts look at the first level only. */
  modesMarker: '.modes-narrowed',
} as const;
