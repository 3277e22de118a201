/** Tool stack, approvals, commands, context switch (electron/services/orchestration). */
export const ORCHESTRATION_DEFAULTS = {
  /** The original request is cut to this many characters in the tool-context block of the system prompt. */
  contextPromptRequestMaxChars: 300,
  /** How many answered/expired approval ids are remembered, to tell a replay from a forgery. */
  resolvedApprovalMemory: 1000,
  /** Tokens the context-switch side request may answer with (one word is enough). */
  contextSwitchMaxTokens: 8,
  /** Close matches offered when `/tool <name>` names no tool. */
  toolSuggestionCount: 3,
} as const;
