/** The system prompt library (electron/services/system-prompts). */
export const SYSTEM_PROMPTS_DEFAULTS = {
  /** File in the data folder that holds the presets. */
  fileName: 'system-prompts.json',
  maxPresets: 200,
  /** Same bound as a conversation's own system prompt (conversationOptionsSchema). */
  maxPromptChars: 20_000,
} as const;
