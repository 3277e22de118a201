import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULTS } from '../../../../../shared/constants';
import type { ConversationSearchHit, ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { writeFileAtomic } from '../../files/atomic-write';
import { createCoalescedWrites } from '../../files/coalesced-writes';
import { removeFileIfPresent } from '../../files/inline-writes';
import { extendEnd, hitFor, textAdded, titleMatches, type SearchDoc, type TextEnd } from './search-docs';
import { readForSnippet } from './snippet-read';
import { queryTokens, tokenize } from './search-text';
import { SEARCH_FORMAT, SEARCH_FORMAT_VERSION, parseLogLine, parseSnapshot, type LogOp, type SnapshotDoc } from './search-log';

export interface SearchIndex {
  /** Whether the index has been read from disk (it is read at the first search or change). */
  readonly loaded: boolean;
  /** Reads the index (once); changes made before wait for it and apply in order. */
  load(): Promise<void>;
  /** The timeline size the conversation's words were taken from; null when unknown or not loaded. */
  size(conversationId: string): number | null;
  /** Replace a conversation's text (built from its whole timeline). */
  put(conversationId: string, doc: SearchDoc): void;
  setTitle(conversationId: string, title: string): void;
  /** Add what these events say; `size` is the timeline's size after they were written. */
  append(conversationId: string, events: readonly TacoEvent[], size: number): void;
  setSize(conversationId: string, size: number): void;
  remove(conversationId: string): void;
  /** Conversations whose title or text has every word of the query (as a word prefix). */
  search(query: string, summaryOf: (conversationId: string) => ConversationSummary | undefined): Promise<ConversationSearchHit[]>;
  ids(): string[];
  /** Waits for every change to reach the disk; folds the log into a new snapshot when it has grown. */
  persist(): Promise<void>;
}

interface Doc extends TextEnd {
  title: string;
  size: number;
  /** The numbers its text words and its title words are posted under (a replaced text gets a new number). */
  textN: number;
  titleN: number;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The conversation search index, kept on disk in `search/` and changed as events are appended,
 * never rebuilt at start:
 *
 * - `snapshot.json`: every conversation's title, timeline size and text end, and the postings
 *   (word → numbers); `log.jsonl`: every change since, one line each, each carrying the state it
 *   leads to (so replaying a line twice changes nothing). Folded into a new snapshot when the
 *   index is saved (store-state.ts) and the log has passed DEFAULTS.store.searchLogMaxBytes.
 * - `text/<id>.txt`: the conversation's searchable text, appended to as it grows; read only for
 *   the snippets of the hits shown.
 *
 * In memory: the postings (numbers, not texts) and a few fields per conversation, read at the
 * first search or change. A torn last line of the log is ignored; whatever it described shows as
 * a timeline size that does not match, and the store re-reads that timeline (store-load.ts).
 * Writes go out one at a time in order; appends that wait together go out as one per file, the
 * log last, so a log line never reaches the disk before the text it describes (coalesced-writes.ts).
 */
export function createDiskSearchIndex(dir: string, log: (message: string) => void): SearchIndex {
  const docs = new Map<string, Doc>();
  const postings = new Map<string, number[]>();
  const owners = new Map<number, string>();
  let nextN = 1;
  let loaded = false;
  let loading: Promise<void> | null = null;
  let waiting: Array<() => void> = [];
  const writes = createCoalescedWrites({
    onError: (error) => log(`Could not write the search index (${String(error)}); it will be rebuilt from the timelines.`),
  });
  let logBytes = 0;
  const textFile = (id: string): string => join(dir, 'text', `${id}.txt`);
  const logFile = join(dir, 'log.jsonl');
  const snapshotFile = join(dir, 'snapshot.json');

  const record = (op: LogOp): void => {
    const line = `${JSON.stringify(op)}\n`;
    logBytes += Buffer.byteLength(line);
    writes.append(logFile, line);
  };
  const post = (n: number, words: Iterable<string>): void => {
    for (const word of words) {
      const list = postings.get(word);
      if (!list) postings.set(word, [n]);
      else if (list[list.length - 1] !== n) list.push(n);
    }
  };
  const unique = (text: string): string[] => [...new Set(tokenize(text))];

  /** Applies a change now when loaded, else once loaded (and starts loading). */
  const change = (apply: () => void): void => {
    if (loaded) return apply();
    waiting.push(apply);
    void load();
  };

  const applyOp = (op: LogOp): void => {
    switch (op.op) {
      case 'put': {
        const doc = docs.get(op.id);
        if (doc) owners.delete(doc.textN);
        if (doc) owners.delete(doc.titleN);
        docs.set(op.id, { title: op.title, size: op.size, length: op.length, tail: op.tail, textN: op.textN, titleN: op.titleN });
        owners.set(op.textN, op.id);
        owners.set(op.titleN, op.id);
        post(op.textN, op.words);
        post(op.titleN, op.titleWords);
        nextN = Math.max(nextN, op.textN + 1, op.titleN + 1);
        return;
      }
      case 'title': {
        const doc = docs.get(op.id);
        if (!doc) return;
        owners.delete(doc.titleN);
        doc.title = op.title;
        doc.titleN = op.titleN;
        owners.set(op.titleN, op.id);
        post(op.titleN, op.words);
        nextN = Math.max(nextN, op.titleN + 1);
        return;
      }
      case 'add': {
        const doc = docs.get(op.id);
        if (!doc) return;
        Object.assign(doc, { size: op.size, length: op.length, tail: op.tail });
        post(doc.textN, op.words);
        return;
      }
      case 'size': {
        const doc = docs.get(op.id);
        if (doc) doc.size = op.size;
        return;
      }
      case 'remove': {
        const doc = docs.get(op.id);
        if (!doc) return;
        owners.delete(doc.textN);
        owners.delete(doc.titleN);
        docs.delete(op.id);
        return;
      }
      default: {
        const unreachable: never = op;
        return unreachable;
      }
    }
  };
  const apply = (op: LogOp): void => {
    applyOp(op);
    record(op);
  };

  async function read(): Promise<void> {
    await mkdir(join(dir, 'text'), { recursive: true, mode: DEFAULTS.store.folderMode });
    const snapshotText = await readFile(snapshotFile, 'utf8').catch(() => null);
    const snapshot = snapshotText === null ? null : parseSnapshot(snapshotText);
    if (snapshotText !== null && !snapshot) log('The search index could not be read; it is rebuilt from the timelines.');
    if (snapshot) {
      for (const doc of snapshot.docs) {
        docs.set(doc.id, { title: doc.title, size: doc.size, length: doc.length, tail: doc.tail, textN: doc.textN, titleN: doc.titleN });
        owners.set(doc.textN, doc.id);
        owners.set(doc.titleN, doc.id);
        nextN = Math.max(nextN, doc.textN + 1, doc.titleN + 1);
      }
      for (const [word, numbers] of Object.entries(snapshot.postings)) postings.set(word, numbers);
    }
    // A snapshot that does not read: its log alone would miss words, so both go and the timelines are read again.
    const corrupt = snapshotText !== null && !snapshot;
    if (corrupt) await rm(logFile, { force: true });
    const logText = corrupt ? '' : await readFile(logFile, 'utf8').catch(() => '');
    logBytes = Buffer.byteLength(logText);
    const lines = logText.split('\n');
    for (const [index, line] of lines.entries()) {
      if (line === '') continue;
      const op = parseLogLine(line);
      if (op) applyOp(op);
      else if (index < lines.length - 1)
        log(`Line ${index + 1} of the search log could not be read; the conversations it changed are re-read.`);
    }
  }

  function load(): Promise<void> {
    loading ??= read()
      .catch((error: unknown) => log(`The search index could not be read (${String(error)}); it is rebuilt from the timelines.`))
      .finally(() => {
        loaded = true;
        const queued = waiting;
        waiting = [];
        for (const run of queued) run();
      });
    return loading;
  }

  const textEndOf = (id: string): TextEnd => docs.get(id) ?? { length: 0, tail: '' };

  return {
    get loaded() {
      return loaded;
    },
    load,
    size: (id) => (loaded ? (docs.get(id)?.size ?? null) : null),
    put(id, doc) {
      change(() => {
        const textN = nextN++;
        const titleN = nextN++;
        const end = extendEnd({ length: 0, tail: '' }, doc.text);
        const text = doc.text;
        writes.run(() => (text === '' ? removeFileIfPresent(textFile(id)) : writeFileAtomic(textFile(id), text)));
        apply({
          op: 'put',
          id,
          title: doc.title,
          size: doc.size,
          length: end.length,
          tail: end.tail,
          textN,
          titleN,
          words: unique(text),
          titleWords: unique(doc.title),
        });
      });
    },
    setTitle(id, title) {
      change(() => {
        const doc = docs.get(id);
        if (!doc || doc.title === title) return;
        apply({ op: 'title', id, title, titleN: nextN++, words: unique(title) });
      });
    },
    append(id, events, size) {
      change(() => {
        const doc = docs.get(id);
        if (!doc) return;
        let end = textEndOf(id);
        const before = end.tail;
        let added = '';
        for (const event of events) {
          const piece = textAdded(end, event);
          added += piece;
          end = extendEnd(end, piece);
        }
        // Text streams in pieces: start at the word the previous piece may have cut in two.
        let cut = before.length;
        while (added !== '' && cut > 0 && WORD_CHAR.test(before.charAt(cut - 1))) cut -= 1;
        writes.append(textFile(id), added);
        apply({ op: 'add', id, size, length: end.length, tail: end.tail, words: added === '' ? [] : unique(before.slice(cut) + added) });
      });
    },
    setSize(id, size) {
      change(() => {
        const doc = docs.get(id);
        if (doc && doc.size !== size) apply({ op: 'size', id, size });
      });
    },
    remove(id) {
      change(() => {
        if (!docs.has(id)) return;
        writes.run(() => removeFileIfPresent(textFile(id)));
        apply({ op: 'remove', id });
      });
    },
    async search(query, summaryOf) {
      await load();
      const tokens = queryTokens(query);
      if (tokens.length === 0) return [];
      let candidates: Set<string> | null = null;
      for (const token of tokens) {
        const found = new Set<string>();
        for (const [word, numbers] of postings) {
          if (!word.startsWith(token)) continue;
          for (const n of numbers) {
            const id = owners.get(n);
            if (id !== undefined && (candidates === null || candidates.has(id))) found.add(id);
          }
        }
        candidates = found;
        if (candidates.size === 0) return [];
      }
      const ranked: Array<{ summary: ConversationSummary; inTitle: boolean }> = [];
      for (const id of candidates ?? []) {
        const summary = summaryOf(id);
        if (summary && docs.has(id)) ranked.push({ summary, inTitle: titleMatches(summary.title, tokens) });
      }
      ranked.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.summary.updatedAt - a.summary.updatedAt);
      const shown = ranked.slice(0, DEFAULTS.store.searchMaxHits);
      await writes.idle();
      return Promise.all(
        shown.map(async ({ summary }) => hitFor(summary, await readForSnippet(textFile(summary.conversationId), tokens), tokens)),
      );
    },
    ids: () => [...docs.keys()],
    async persist() {
      if (!loading) return;
      await loading;
      await writes.idle();
      if (logBytes <= DEFAULTS.store.searchLogMaxBytes) return;
      const snapshotDocs: SnapshotDoc[] = [...docs].map(([id, doc]) => ({ id, ...doc }));
      const live: Record<string, number[]> = {};
      for (const [word, numbers] of postings) {
        const kept = numbers.filter((n) => owners.has(n));
        if (kept.length > 0) live[word] = kept;
        if (kept.length === 0) postings.delete(word);
        else postings.set(word, kept);
      }
      const body = JSON.stringify({ format: SEARCH_FORMAT, version: SEARCH_FORMAT_VERSION, docs: snapshotDocs, postings: live });
      // The snapshot first, then an empty log: a crash between replays the old log over the new snapshot, which changes nothing.
      await writeFileAtomic(snapshotFile, `${body}\n`);
      await writeFileAtomic(logFile, '');
      logBytes = 0;
    },
  };
}

/** Whether a data folder has a search index of this kind yet (at its first start, the old one-file index is replaced). */
export async function hasDiskSearchIndex(dir: string): Promise<boolean> {
  return (
    (await stat(join(dir, 'snapshot.json')).catch(() => null)) !== null || (await stat(join(dir, 'log.jsonl')).catch(() => null)) !== null
  );
}
