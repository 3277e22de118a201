import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { cleanupAfterEach } from '../../../../../test-support/cleanups';
import { createDiskSearchIndex } from './disk-search-index';
import { buildSearchDoc } from './search-docs';
import { foldText, snippetAround } from './search-text';

const summary = (conversationId: string, title: string, updatedAt = 1): ConversationSummary => ({
  conversationId,
  title,
  model: null,
  createdAt: 0,
  updatedAt,
  pinned: false,
});
const user = (c: string, messageId: string, text: string): TacoEvent => ({
  type: 'user-message',
  conversationId: c,
  messageId,
  text,
  at: 1,
});
const delta = (c: string, text: string): TacoEvent => ({ type: 'text-delta', conversationId: c, runId: 'r', text });

const cleanups = cleanupAfterEach();

function indexOf(docs: Record<string, { title: string; events: TacoEvent[]; updatedAt?: number }>, dir = cleanups.tempDir('taco-search-')) {
  const index = createDiskSearchIndex(dir, () => undefined);
  cleanups.defer(() => index.persist());
  const summaries = new Map<string, ConversationSummary>();
  for (const [id, doc] of Object.entries(docs)) {
    index.put(id, buildSearchDoc(doc.title, doc.events, 0));
    summaries.set(id, summary(id, doc.title, doc.updatedAt));
  }
  return { index, dir, find: (query: string) => index.search(query, (id) => summaries.get(id)), summaries };
}

describe('search index', async () => {
  it('keeps the sentences before and after a tool call apart in a snippet', async () => {
    const call: TacoEvent = {
      type: 'tool-call',
      conversationId: 'a',
      runId: 'r',
      callId: 'k1',
      tool: 'read_file',
      toolType: null,
      args: {},
      frameId: null,
      at: 1,
    };
    const { find } = indexOf({
      a: {
        title: 'Notes',
        events: [user('a', 'm1', 'Read my notes'), delta('a', 'Let me look first.'), call, delta('a', 'It says buy milk.')],
      },
    });
    expect((await find('milk'))[0]?.snippet).toContain('Let me look first. It says buy milk.');
  });

  it('matches every word as a word prefix, case and accents aside, and cuts a snippet around the match', async () => {
    const { find } = indexOf({
      a: {
        title: 'Trip planning',
        events: [user('a', 'm1', 'Book the Café near the station'), delta('a', 'The configuration file lists three cafés.')],
      },
      b: { title: 'Recipes', events: [user('b', 'm1', 'A cake with cafe au lait')] },
    });
    expect((await find('CAFE')).map((hit) => hit.conversationId).sort()).toEqual(['a', 'b']);
    expect((await find('conf')).map((hit) => hit.conversationId)).toEqual(['a']);
    expect((await find('cafe config')).map((hit) => hit.conversationId)).toEqual(['a']);
    expect(await find('onfig')).toEqual([]);
    expect(await find('cafe zebra')).toEqual([]);
    expect(await find('  !!  ')).toEqual([]);
    const [hit] = await find('configuration');
    expect(hit).toMatchObject({ conversationId: 'a', title: 'Trip planning', matchedIn: 'content' });
    expect(hit?.snippet).toContain('The configuration file lists three cafés.');
  });

  it('lists title matches first, then the most recent', async () => {
    const { find } = indexOf({
      old: { title: 'Garden', events: [user('old', 'm', 'tomatoes')], updatedAt: 1 },
      recent: { title: 'Kitchen', events: [user('recent', 'm', 'tomatoes again')], updatedAt: 5 },
      titled: { title: 'Tomatoes', events: [user('titled', 'm', 'how to grow them')], updatedAt: 0 },
    });
    expect((await find('tomato')).map((hit) => [hit.conversationId, hit.matchedIn])).toEqual([
      ['titled', 'title'],
      ['recent', 'content'],
      ['old', 'content'],
    ]);
  });

  it('finds words that streamed in pieces, and follows renames, branches and deletes', async () => {
    const { index, find, summaries } = indexOf({ c: { title: 'Chat', events: [] } });
    index.append(
      'c',
      [user('c', 'm1', 'first question'), delta('c', 'Photo'), delta('c', 'synthesis is how '), delta('c', 'plants eat')],
      10,
    );
    expect((await find('photosynthesis')).map((hit) => hit.conversationId)).toEqual(['c']);
    expect(index.size('c')).toBe(10);

    index.setTitle('c', 'Botany');
    summaries.set('c', summary('c', 'Botany'));
    expect((await find('botany'))[0]?.matchedIn).toBe('title');
    expect(await find('chat')).toEqual([]);

    index.append('c', [user('c', 'm2', 'what about fungi'), delta('c', 'Mycelium')], 20);
    expect(await find('mycelium')).toHaveLength(1);
    index.append('c', [{ type: 'timeline-rewound', conversationId: 'c', fromMessageId: 'm2', at: 2 }, user('c', 'm3', 'and algae')], 30);
    // An edit makes a branch: the old version and its answer are still found.
    expect(await find('mycelium')).toHaveLength(1);
    expect(await find('fungi')).toHaveLength(1);
    expect(await find('algae')).toHaveLength(1);
    expect(await find('photosynthesis')).toHaveLength(1);

    index.remove('c');
    expect(await find('algae')).toEqual([]);
    expect(index.ids()).toEqual([]);
  });

  it('keeps its words on disk: a new index over the same folder finds them, a snapshot too', async () => {
    const { index, dir } = indexOf({ a: { title: 'Alpha', events: [user('a', 'm1', 'hello world')] } });
    await index.persist();
    const restored = createDiskSearchIndex(dir, () => undefined);
    cleanups.defer(() => restored.persist());
    expect((await restored.search('world', () => summary('a', 'Alpha'))).map((hit) => hit.conversationId)).toEqual(['a']);
    expect((await restored.search('alp', () => summary('a', 'Alpha')))[0]?.matchedIn).toBe('title');
  });

  it('folds text without moving positions, so snippets come from the original', async () => {
    const text = 'Ünïcödé ÇAFÉ 한국어 text';
    expect(foldText(text)).toHaveLength(text.length);
    expect(foldText(text).startsWith('unicode cafe')).toBe(true);
    expect(snippetAround(`${'word '.repeat(100)}needle and more ${'tail '.repeat(20)}`, 500, 40)).toMatch(
      /^…(word )+needle and more (tail )*tail…$/,
    );
  });
});
