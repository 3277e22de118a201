import type { ConversationSummary } from './conversation';

/** Which export a file was: TACO's own JSON, or another app's conversations.json. */
export type ImportSource = 'taco' | 'chatgpt' | 'claude';

/** What conversations.import did: every conversation of the file, or (on any problem) nothing. */
export interface ImportResult {
  source: ImportSource;
  conversations: ConversationSummary[];
  /** Parts of messages TACO cannot show (images, tool traces, attachments), left out and counted. */
  skipped: number;
}

export const IMPORT_SOURCE_NAMES: Readonly<Record<ImportSource, string>> = {
  taco: 'TACO',
  chatgpt: 'ChatGPT',
  claude: 'Claude',
};
