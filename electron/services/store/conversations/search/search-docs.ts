import { DEFAULTS } from '../../../../../shared/constants';
import type { ConversationSearchHit, ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { findWordPrefix, snippetAround, tokenize } from './search-text';

/**
 * The searchable text of one conversation: what the user wrote and what the model answered, in
 * every branch (an edited message's earlier versions and their answers are found too).
 */
export interface SearchDoc {
  title: string;
  text: string;
  /** Size in bytes of the timeline file this text was built from (to tell a stale entry). */
  size: number;
}

/** Where a conversation's text ends: its length and its last characters (a word cut in two by a streamed piece). */
export interface TextEnd {
  length: number;
  /** The last characters of the text (at most TAIL_CHARS). */
  tail: string;
}

/** Characters of a text's end kept to find the start of the word the next piece continues (words count up to 64). */
export const TAIL_CHARS = 128;

/** The text an event adds to a conversation's searchable text ('' for none). */
export function textAdded(end: TextEnd, event: TacoEvent): string {
  const room = DEFAULTS.store.searchMaxCharsPerConversation - end.length;
  if (room <= 0) return '';
  switch (event.type) {
    case 'user-message':
      return `${end.length > 0 ? '\n' : ''}${event.text.slice(0, room)}\n`;
    case 'run-start':
      return end.length > 0 && !end.tail.endsWith('\n') ? '\n' : '';
    case 'text-delta':
      return event.text.slice(0, room);
    case 'tool-call':
      // The answer's text before and after a tool call are separate sentences: "first.I read" in a snippet otherwise.
      return end.length > 0 && !/\s$/.test(end.tail) ? '\n' : '';
    default:
      return '';
  }
}

/** The end after `added` (the text is capped: what is past the cap was never added). */
export function extendEnd(end: TextEnd, added: string): TextEnd {
  return { length: end.length + added.length, tail: (end.tail + added).slice(-TAIL_CHARS) };
}

/** The searchable text of a whole timeline. */
export function buildSearchDoc(title: string, events: readonly TacoEvent[], size: number): SearchDoc {
  let end: TextEnd = { length: 0, tail: '' };
  const parts: string[] = [];
  for (const event of events) {
    const added = textAdded(end, event);
    if (added === '') continue;
    parts.push(added);
    end = extendEnd(end, added);
  }
  return { title, text: parts.join(''), size };
}

/** Whether the conversation's title has every word of the query (as a word prefix). */
export function titleMatches(title: string, tokens: readonly string[]): boolean {
  const titleWords = tokenize(title);
  return tokens.every((token) => titleWords.some((word) => word.startsWith(token)));
}

/** A hit: title hits first, and a snippet around the first query word found in the text. */
export function hitFor(summary: ConversationSummary, text: string, tokens: readonly string[]): ConversationSearchHit {
  let snippet = '';
  for (const token of tokens) {
    const index = findWordPrefix(text, token);
    if (index !== -1) {
      snippet = snippetAround(text, index);
      break;
    }
  }
  if (!snippet) snippet = snippetAround(text, 0);
  return {
    conversationId: summary.conversationId,
    title: summary.title,
    snippet,
    matchedIn: titleMatches(summary.title, tokens) ? 'title' : 'content',
    updatedAt: summary.updatedAt,
  };
}
