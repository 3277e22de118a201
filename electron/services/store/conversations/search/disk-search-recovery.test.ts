import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { cleanupAfterEach } from '../../../../../test-support/cleanups';
import { createMemorySearchIndex } from '../../testing/memory-search-index';
import { createConversationStore, type ConversationStore } from '../conversation-store';
import { createDiskSearchIndex } from './disk-search-index';
import { buildSearchDoc } from './search-docs';

const cleanups = cleanupAfterEach();

const WORDS = ['alpha', 'alpine', 'beta', 'café', 'Café', 'delta', 'deltas', 'échelle', 'gamma', 'γράμμα', 'x1', 'x10', 'zeta', 'über'];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the search index on disk', () => {
  it('answers exactly as the in-memory index did, through puts, streamed appends, renames and removes', async () => {
    const next = random(42);
    const phrase = (count: number): string => Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
    const disk = createDiskSearchIndex(cleanups.tempDir('taco-search-'), () => undefined);
    // Its writes finish before its folder is removed (steps after the last search still write).
    cleanups.defer(() => disk.persist());
    const memory = createMemorySearchIndex();
    const summaries = new Map<string, ConversationSummary>();
    for (let step = 0; step < 300; step += 1) {
      const id = `c${Math.floor(next() * 12)}`;
      const what = next();
      if (!summaries.has(id) || what < 0.1) {
        const title = phrase(2);
        const doc = buildSearchDoc(title, [{ type: 'user-message', conversationId: id, messageId: 'm', text: phrase(5), at: 1 }], step);
        disk.put(id, doc);
        memory.put(id, { ...doc });
        summaries.set(id, { conversationId: id, title, model: null, createdAt: 0, updatedAt: step, pinned: false });
      } else if (what < 0.8) {
        // A word cut in two by the stream ("del" + "tas") must be found whole.
        const events: TacoEvent[] = [
          { type: 'run-start', conversationId: id, runId: 'r', model: 'm', goal: 'g', startedAt: 1 },
          { type: 'text-delta', conversationId: id, runId: 'r', text: `${phrase(3)} del` },
          { type: 'text-delta', conversationId: id, runId: 'r', text: `tas ${phrase(2)}` },
        ];
        for (const event of events) {
          disk.append(id, [event], step);
          memory.append(id, [event], step);
        }
        summaries.get(id)!.updatedAt = step;
      } else if (what < 0.9) {
        const title = phrase(2);
        disk.setTitle(id, title);
        memory.setTitle(id, title);
        summaries.get(id)!.title = title;
      } else {
        disk.remove(id);
        memory.remove(id);
        summaries.delete(id);
      }
      if (step % 10 === 0) {
        for (const query of ['alp', 'café', 'delta', 'deltas', 'x1', 'γρά', 'ube', 'alpha beta', 'zeta gamma café', 'nothing']) {
          const summaryOf = (conversationId: string) => summaries.get(conversationId);
          expect(await disk.search(query, summaryOf)).toEqual(memory.search(query, summaryOf));
        }
      }
    }
  });

  it('rebuilds from the timelines when its files are torn or corrupt, losing nothing', async () => {
    const dataDir = cleanups.tempDir('taco-search-');
    const open = (): ConversationStore => {
      const store = createConversationStore({ dataDir, log: () => undefined });
      cleanups.defer(() => store.close());
      return store;
    };
    const store = open();
    const ids: string[] = [];
    for (const word of ['anchovy', 'basil', 'caper']) {
      const { conversationId } = await store.create({ title: `About ${word}`, model: 'm' });
      await store.append(conversationId, [{ type: 'user-message', conversationId, messageId: 'm', text: `I like ${word}s`, at: 1 }]);
      ids.push(conversationId);
    }
    expect(await store.search('basil')).toHaveLength(1);
    await store.close();

    // A crash while the log was written: its last line is torn, and the change it carried lost.
    const log = join(dataDir, 'search', 'log.jsonl');
    const lines = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    await writeFile(log, `${lines.slice(0, -1).join('\n')}\n${lines.at(-1)!.slice(0, 20)}`);
    const again = open();
    for (const word of ['anchovy', 'basil', 'caper']) expect(await again.search(`${word}s`)).toHaveLength(1);
    await again.append(ids[0]!, [{ type: 'user-message', conversationId: ids[0]!, messageId: 'n', text: 'and dill', at: 2 }]);
    await again.close();

    // A snapshot that is not one: everything is read again from the timelines.
    await writeFile(join(dataDir, 'search', 'snapshot.json'), '{"format":"taco-search","version":3,"docs":[{"broken":');
    await appendFile(log, 'garbage\n');
    const third = open();
    for (const word of ['anchovy', 'basil', 'caper', 'dill'])
      expect((await third.search(word)).map((hit) => hit.conversationId)).toHaveLength(1);
    expect((await third.search('about')).map((hit) => hit.matchedIn)).toEqual(['title', 'title', 'title']);
  });
});
