/**
 * Imports of another app's export (ChatGPT's or Claude's conversations.json; conversations.import).
 * A file over any of these is refused whole, with words naming the limit: nothing is imported.
 */
export const FOREIGN_IMPORT_DEFAULTS = {
  /** Conversations in one file. */
  maxConversations: 2000,
  /** Messages (ChatGPT: nodes of one conversation's tree) in one conversation. */
  maxMessagesPerConversation: 10_000,
  /** Characters of one message's text. */
  maxMessageChars: 1_000_000,
  /** Characters of a title (longer ones are cut, as any title is). */
  maxTitleChars: 1000,
} as const;
