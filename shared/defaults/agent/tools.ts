/** Limits of the built-in tools (tools/). */
export const TOOLS_DEFAULTS = {
  /** read_file reads at most this many bytes of a file; the rest is reported as truncated. */
  readFileMaxBytes: 256 * 1024,
  /** list_directory lists at most this many entries. */
  listDirectoryMaxEntries: 500,
  /** search_files stops after this many matches. */
  searchMaxResults: 50,
  /** search_files looks at most at this many files per call. */
  searchMaxFiles: 5000,
  /** search_files refuses longer patterns (the wildcard matcher is linear, but patterns stay short). */
  searchMaxPatternChars: 200,
  /** search_files skips the content of files larger than this. */
  searchMaxFileBytes: 512 * 1024,
  /** run_command stops a command (and its children) after this long. */
  commandTimeoutMs: 30_000,
  /** run_command keeps at most this many characters of stdout and of stderr (head and tail). */
  commandMaxOutputChars: 20_000,
  /** fetch_url gives up after this long. */
  fetchTimeoutMs: 15_000,
  /** fetch_url follows at most this many redirects, checking the target of each one. */
  fetchMaxRedirects: 5,
  /** fetch_url reads at most this many bytes of a response body. */
  fetchMaxBytes: 1024 * 1024,
  /** fetch_url returns at most this many characters of extracted text. */
  fetchMaxTextChars: 50_000,
  /** calculate refuses longer expressions. */
  calculateMaxExpressionChars: 1000,
  /** calculate stops an expression (running in a worker thread) after this long. */
  calculateTimeoutMs: 5000,
  /** calculate's worker thread heap; an expression needing more is stopped. */
  calculateMaxMemoryMb: 64,
  /** calculate cuts longer results (a big matrix). */
  calculateMaxResultChars: 4000,
  /** recall_memory returns this many notes when the model does not say. */
  recallDefaultLimit: 5,
  /** collect_tool_parameters asks for at most this many parameters per call. */
  collectMaxParameters: 10,
} as const;
