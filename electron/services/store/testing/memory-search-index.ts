import { DEFAULTS } from '../../../../shared/constants';
import type { ConversationSearchHit, ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { findWordPrefix, queryTokens, snippetAround, tokenize } from '../conversations/search/search-text';

/**
 * The conversation search as it was before its index moved to disk (format 2, every text in
 * memory): the reference the disk index's results are compared with (disk-search-index.test.ts).
 */

/** Format of `search-index.json`. Derived data: anything stale or unreadable is rebuilt from the timelines. */
export const SEARCH_FORMAT = 'taco-search';
/** 2: every branch's text is kept (version 1 cut an edited message's old branch out). */
export const SEARCH_FORMAT_VERSION = 2;

/**
 * The searchable text of one conversation: what the user wrote and what the model answered, in
 * every branch (an edited message's earlier versions and their answers are found too).
 */
export interface SearchDoc {
  title: string;
  text: string;
  /** Size in bytes of the timeline file this text was built from (to tell a stale entry at start). */
  size: number;
}

export interface SearchIndex {
  has(conversationId: string): boolean;
  size(conversationId: string): number | null;
  /** Replace a conversation's text (built from its whole timeline). */
  put(conversationId: string, doc: SearchDoc): void;
  setTitle(conversationId: string, title: string): void;
  /** Add what these events say; `size` is the timeline's size after they were written. */
  append(conversationId: string, events: readonly TacoEvent[], size: number): void;
  setSize(conversationId: string, size: number): void;
  remove(conversationId: string): void;
  /** Conversations whose title or text has every word of the query (as a word prefix). */
  search(query: string, summaryOf: (conversationId: string) => ConversationSummary | undefined): ConversationSearchHit[];
  ids(): string[];
  /** Whether anything changed since the last `serialize()`. */
  readonly dirty: boolean;
  serialize(): string;
}

/** The searchable text of a whole timeline. */
export function buildSearchDoc(title: string, events: readonly TacoEvent[], size: number): SearchDoc {
  const doc: SearchDoc = { title, text: '', size };
  for (const event of events) applyEvent(doc, event);
  return doc;
}

/** Adds one event to a doc; returns the offset from which its text changed (Infinity: unchanged). */
function applyEvent(doc: SearchDoc, event: TacoEvent): number {
  const room = DEFAULTS.store.searchMaxCharsPerConversation - doc.text.length;
  switch (event.type) {
    case 'user-message': {
      const from = doc.text.length;
      if (room > 0) doc.text += `${from > 0 ? '\n' : ''}${event.text.slice(0, room)}\n`;
      return from;
    }
    case 'run-start': {
      const from = doc.text.length;
      if (room > 0 && from > 0 && !doc.text.endsWith('\n')) doc.text += '\n';
      return from;
    }
    case 'text-delta': {
      const from = doc.text.length;
      if (room > 0) doc.text += event.text.slice(0, room);
      return from;
    }
    case 'tool-call': {
      // The answer's text before and after a tool call are separate sentences: "first.I read" in a snippet otherwise.
      const from = doc.text.length;
      if (room > 0 && from > 0 && !/\s$/.test(doc.text)) doc.text += '\n';
      return from;
    }
    default:
      return Infinity;
  }
}

/**
 * An inverted index over every conversation (word → conversations), kept up to date as events
 * are appended, so a search never reads a timeline. Words match as prefixes ("conf" finds
 * "config"), every word of the query must match, title hits come first, then the most recent.
 */
export function createMemorySearchIndex(saved: Map<string, SearchDoc> = new Map()): SearchIndex {
  const docs = new Map<string, SearchDoc>();
  const postings = new Map<string, Set<string>>();
  let dirty = false;

  const addWords = (id: string, text: string): void => {
    for (const token of tokenize(text)) {
      let set = postings.get(token);
      if (!set) {
        set = new Set();
        postings.set(token, set);
      }
      set.add(id);
    }
  };
  const removeWords = (id: string, doc: SearchDoc): void => {
    for (const token of new Set([...tokenize(doc.title), ...tokenize(doc.text)])) {
      const set = postings.get(token);
      if (!set) continue;
      set.delete(id);
      if (set.size === 0) postings.delete(token);
    }
  };
  const put = (id: string, doc: SearchDoc): void => {
    const old = docs.get(id);
    if (old) removeWords(id, old);
    docs.set(id, doc);
    addWords(id, doc.title);
    addWords(id, doc.text);
    dirty = true;
  };
  for (const [id, doc] of saved) put(id, doc);
  dirty = false;

  /** Conversations with a word that starts with `token`. */
  const matching = (token: string): Set<string> => {
    const found = new Set<string>();
    for (const [word, ids] of postings) if (word.startsWith(token)) for (const id of ids) found.add(id);
    return found;
  };

  return {
    has: (id) => docs.has(id),
    size: (id) => docs.get(id)?.size ?? null,
    put,
    setTitle(id, title) {
      const doc = docs.get(id);
      if (!doc || doc.title === title) return;
      put(id, { ...doc, title });
    },
    append(id, events, size) {
      const doc = docs.get(id);
      if (!doc) return;
      let from = Infinity;
      for (const event of events) from = Math.min(from, applyEvent(doc, event));
      if (from !== Infinity) {
        // Text streams in pieces: start at the word the previous piece may have cut in two.
        let start = Math.min(from, doc.text.length);
        while (start > 0 && /[\p{L}\p{N}]/u.test(doc.text.charAt(start - 1))) start -= 1;
        addWords(id, doc.text.slice(start));
      }
      doc.size = size;
      dirty = true;
    },
    setSize(id, size) {
      const doc = docs.get(id);
      if (!doc || doc.size === size) return;
      doc.size = size;
      dirty = true;
    },
    remove(id) {
      const doc = docs.get(id);
      if (!doc) return;
      removeWords(id, doc);
      docs.delete(id);
      dirty = true;
    },
    search(query, summaryOf) {
      const tokens = queryTokens(query);
      if (tokens.length === 0) return [];
      let candidates: string[] | null = null;
      for (const token of tokens) {
        const found = matching(token);
        candidates = candidates === null ? [...found] : candidates.filter((id) => found.has(id));
        if (candidates.length === 0) return [];
      }
      const hits: ConversationSearchHit[] = [];
      for (const id of candidates ?? []) {
        const doc = docs.get(id);
        const summary = summaryOf(id);
        if (!doc || !summary) continue;
        hits.push(hitFor(summary, doc, tokens));
      }
      hits.sort((a, b) => Number(b.matchedIn === 'title') - Number(a.matchedIn === 'title') || b.updatedAt - a.updatedAt);
      return hits.slice(0, DEFAULTS.store.searchMaxHits);
    },
    ids: () => [...docs.keys()],
    get dirty() {
      return dirty;
    },
    serialize() {
      dirty = false;
      const entries = [...docs].map(([conversationId, doc]) => ({ conversationId, ...doc }));
      return `${JSON.stringify({ format: SEARCH_FORMAT, version: SEARCH_FORMAT_VERSION, docs: entries })}\n`;
    },
  };
}

function hitFor(summary: ConversationSummary, doc: SearchDoc, tokens: readonly string[]): ConversationSearchHit {
  const titleWords = tokenize(summary.title);
  const inTitle = tokens.every((token) => titleWords.some((word) => word.startsWith(token)));
  let snippet = '';
  for (const token of tokens) {
    const index = findWordPrefix(doc.text, token);
    if (index !== -1) {
      snippet = snippetAround(doc.text, index);
      break;
    }
  }
  if (!snippet) snippet = snippetAround(doc.text, 0);
  return {
    conversationId: summary.conversationId,
    title: summary.title,
    snippet,
    matchedIn: inTitle ? 'title' : 'content',
    updatedAt: summary.updatedAt,
  };
}
