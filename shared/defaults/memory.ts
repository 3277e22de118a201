/** Memory: notes the model saves (save_memory, through its approval) or the user adds in Settings → Memory. */
export const MEMORY_DEFAULTS = {
  /**
   * Prompt tokens the notes recalled for one turn may take together (the system prompt's
   * user-saved notes section, its fence included); notes are taken best match first while they fit.
   */
  recallBudgetTokens: 400,
  /** At most this many notes are recalled into one turn's prompt. */
  recallMaxNotes: 8,
  /** The longest note the model or the user may save. */
  maxNoteChars: 2000,
  /** Notes kept in all; a save past it is refused with words saying so. */
  maxNotes: 5000,
} as const;
