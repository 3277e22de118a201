import { DEFAULTS } from '../../../../../shared/constants';
import { ContractError } from '../../../../../shared/contract/contract-error';
import type { ImportSource } from '../../../../../shared/conversations/conversation-import';
import type { TimelineImport } from '../conversation-store';
import { EXPORT_FORMAT, parseConversationExport } from '../conversation-json';
import { looksLikeChatgpt, readChatgptExport } from './chatgpt-export';
import { looksLikeClaude, readClaudeExport } from './claude-export';
import { importRefused, turnsToTimeline } from './imported-turns';

/** A file read whole and checked, nothing written yet: the timelines to create and what was left out. */
export interface ReadImport {
  source: ImportSource;
  timelines: TimelineImport[];
  skipped: number;
}

const UNKNOWN_FILE =
  'This file cannot be imported: it is not a conversation exported from TACO (JSON), nor a conversations.json from ChatGPT or Claude.';

/**
 * Which export a file is, read and checked whole before anything is written: TACO's own JSON
 * export (one conversation, read strictly), or ChatGPT's or Claude's conversations.json (many,
 * read leniently: unknown fields ignored, every cap of DEFAULTS.foreignImport enforced). Any
 * problem refuses the whole file with words saying what and where.
 */
export function readImportFile(content: string, options: { now: number; newId: () => string }): ReadImport {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContractError('invalid-payload', `This file cannot be imported: it is not valid JSON (${reason.slice(0, 200)}).`);
  }
  if (isObject(value) && value['format'] === EXPORT_FORMAT)
    return { source: 'taco', timelines: [parseConversationExport(content)], skipped: 0 };
  // Claude's newer exports wrap the list: { conversations: [...] }.
  const list = isObject(value) && Array.isArray(value['conversations']) ? value['conversations'] : value;
  const source = looksLikeChatgpt(list) ? 'chatgpt' : looksLikeClaude(list) ? 'claude' : null;
  if (!source || !Array.isArray(list)) throw new ContractError('invalid-payload', UNKNOWN_FILE);
  const name = source === 'chatgpt' ? 'ChatGPT' : 'Claude';
  if (list.length > DEFAULTS.foreignImport.maxConversations)
    throw importRefused(
      name,
      `it holds ${list.length.toLocaleString('en')} conversations, more than the ${DEFAULTS.foreignImport.maxConversations.toLocaleString('en')} TACO imports at once`,
    );
  const conversations = source === 'chatgpt' ? readChatgptExport(list, options.now) : readClaudeExport(list, options.now);
  return {
    source,
    timelines: conversations.map((conversation) => turnsToTimeline(conversation, options.newId)),
    skipped: conversations.reduce((sum, conversation) => sum + conversation.skipped, 0),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
