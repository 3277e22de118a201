import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { createConversationStore, type ConversationStore } from '../conversation-store';
import { serializeRecord } from '../../timeline/timeline-records';

/** Every read of a timeline file, by any means the store has (readFile or open). */
const timelineReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const count = (path: unknown): void => {
    if (typeof path === 'string' && path.includes(`${sep}conversations${sep}`) && path.endsWith('.jsonl')) timelineReads.count += 1;
  };
  return {
    ...actual,
    readFile: ((path: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) => {
      count(path);
      return (actual.readFile as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof actual.readFile,
    open: ((path: Parameters<typeof actual.open>[0], ...rest: unknown[]) => {
      count(path);
      return (actual.open as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof actual.open,
  };
});

const COUNT = 2000;
let dataDir: string;
const stores: ConversationStore[] = [];
const idOf = (index: number): string => `conv-${String(index).padStart(5, '0')}`;
const open = (): ConversationStore => {
  const store = createConversationStore({ dataDir, log: () => {} });
  stores.push(store);
  return store;
};

function timeline(index: number): string {
  const id = idOf(index);
  const events: TacoEvent[] = [
    {
      type: 'user-message',
      conversationId: id,
      messageId: `m${index}`,
      text: `Question ${index} about topic${index} and the weather`,
      at: 1,
    },
    { type: 'run-start', conversationId: id, runId: `r${index}`, model: 'm', goal: 'q', startedAt: 2 },
    {
      type: 'text-delta',
      conversationId: id,
      runId: `r${index}`,
      text: `An answer mentioning tag${index}z and ${index % 2 === 0 ? 'sunshine' : 'drizzle'}.`,
    },
    { type: 'run-finish', conversationId: id, runId: `r${index}`, reason: 'complete', message: 'Done.', error: null, at: 3 },
  ];
  const header = serializeRecord({
    type: 'header',
    format: 'taco-timeline',
    version: 2,
    conversationId: id,
    createdAt: index,
    title: `Chat number ${index}`,
    model: 'm',
  });
  return [header, ...events.map((event, offset) => serializeRecord({ type: 'event', at: 10_000 + index * 10 + offset, event })), ''].join(
    '\n',
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-search-'));
  await mkdir(join(dataDir, 'conversations'));
  for (let start = 0; start < COUNT; start += 200) {
    await Promise.all(
      Array.from({ length: 200 }, (_, offset) =>
        writeFile(join(dataDir, 'conversations', `${idOf(start + offset)}.jsonl`), timeline(start + offset)),
      ),
    );
  }
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`search over ${COUNT} conversations`, () => {
  it('answers from the index: queries read no timeline', async () => {
    const store = open();
    await store.search('warm-up');
    timelineReads.count = 0;

    expect((await store.search('topic1234')).map((hit) => hit.conversationId)).toEqual([idOf(1234)]);
    const hits = await store.search('tag77z drizzle');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ conversationId: idOf(77), title: 'Chat number 77', matchedIn: 'content' });
    expect(hits[0]?.snippet).toContain('tag77z');
    expect(await store.search('sunshine drizzle')).toEqual([]);
    const many = await store.search('weather');
    expect(many).toHaveLength(50);
    expect(many[0]?.conversationId).toBe(idOf(COUNT - 1));
    for (const query of ['t', 'to', 'top', 'topi', 'topic', 'topic1', 'topic19', 'topic199', 'topic1999']) await store.search(query);
    expect(await store.search('number 1999')).toEqual([expect.objectContaining({ conversationId: idOf(1999), matchedIn: 'title' })]);
    expect(timelineReads.count).toBe(0);
  });

  it('keeps up with appends, renames and deletes, still without reading a timeline to search', async () => {
    const store = stores[0] ?? open();
    const id = idOf(5);
    await store.append(id, [{ type: 'user-message', conversationId: id, messageId: 'extra', text: 'Now about xylophones', at: 9 }]);
    await store.update(idOf(6), { title: 'Marimba practice' });
    await store.delete(idOf(7));
    timelineReads.count = 0;
    expect((await store.search('xylophone')).map((hit) => hit.conversationId)).toEqual([id]);
    expect((await store.search('marimba')).map((hit) => hit.matchedIn)).toEqual(['title']);
    expect(await store.search('tag7z')).toEqual([]);
    expect(await store.search('tag8z')).toHaveLength(1);
    expect(timelineReads.count).toBe(0);
    await store.close();
  });

  it('starts again from the saved index, re-reading only the timelines that changed since', async () => {
    // Another process (the CLI) adds to one conversation while the app is closed.
    const id = idOf(11);
    await appendFile(
      join(dataDir, 'conversations', `${id}.jsonl`),
      `${serializeRecord({ type: 'event', at: 99_999, event: { type: 'user-message', conversationId: id, messageId: 'cli', text: 'zeppelin', at: 1 } })}\n`,
    );
    timelineReads.count = 0;
    const store = open();
    expect((await store.search('zeppelin')).map((hit) => hit.conversationId)).toEqual([id]);
    expect((await store.search('xylophone')).map((hit) => hit.conversationId)).toEqual([idOf(5)]);
    expect(timelineReads.count).toBe(1);
  });
});
