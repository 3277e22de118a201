import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import type { TacoEvent } from '../../../../shared/contract/events';
import { createConversationStore, type ConversationStore } from './conversation-store';
import { userMessage } from '../../../../test-support/timeline-events';

const indexWrites = vi.hoisted(() => ({ paths: [] as string[] }));

vi.mock('../files/atomic-write', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../files/atomic-write')>();
  return {
    ...actual,
    writeFileAtomic: async (path: string, data: string | Buffer) => {
      indexWrites.paths.push(path);
      return actual.writeFileAtomic(path, data);
    },
  };
});

let root: string;
let logs: string[];
let clock: number;
let opened: ConversationStore[];

/** A store whose delayed index write never comes by itself within a test: only close() (or a crash) ends the burst. */
function open(dataDir: string): ConversationStore {
  const store = createConversationStore({ dataDir, now: () => ++clock, log: (message) => logs.push(message), indexSaveDelayMs: 3_600_000 });
  opened.push(store);
  return store;
}

const runStart = (conversationId: string, runId: string): TacoEvent => ({
  type: 'run-start',
  conversationId,
  runId,
  model: 'm',
  goal: 'g',
  startedAt: 1,
});
const indexWritesOf = (dataDir: string): number => indexWrites.paths.filter((path) => path === join(dataDir, 'index.json')).length;
const markerIn = async (dataDir: string): Promise<boolean> =>
  (await readdir(join(dataDir, 'conversations'))).includes(DEFAULTS.store.indexStaleMarker);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'taco-index-writer-'));
  logs = [];
  clock = 1000;
  opened = [];
  indexWrites.paths.length = 0;
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await rm(root, { recursive: true, force: true });
});

describe('the conversation index after appends', () => {
  it('is written once for a burst of appends to several conversations, not once per append', async () => {
    const dataDir = join(root, 'data');
    const store = open(dataDir);
    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push((await store.create({ model: 'm' })).conversationId);
    const before = indexWritesOf(dataDir);
    await Promise.all(ids.flatMap((id) => Array.from({ length: 5 }, (_, turn) => store.append(id, [userMessage(id, `turn ${turn}`)]))));
    expect(indexWritesOf(dataDir)).toBe(before);
    await store.close();
    expect(indexWritesOf(dataDir)).toBe(before + 1);
    const index = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8')) as { conversations: Array<{ updatedAt: number }> };
    // Every conversation's entry has its last append's time (the clock only goes up).
    expect(Math.min(...index.conversations.map((entry) => entry.updatedAt))).toBeGreaterThan(1004);
  });

  it('takes new conversations and their titles into the burst too, not a write of the whole index each', async () => {
    const dataDir = join(root, 'data');
    const store = open(dataDir);
    await store.list();
    const before = indexWritesOf(dataDir);
    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push((await store.create({ model: 'm' })).conversationId);
    await Promise.all(ids.map((id, index) => store.update(id, { title: `Title ${index}` })));
    expect(indexWritesOf(dataDir)).toBe(before);
    await store.close();
    expect(indexWritesOf(dataDir)).toBe(before + 1);
    const index = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8')) as { conversations: Array<{ title: string }> };
    expect(index.conversations.map((entry) => entry.title).sort()).toEqual(['Title 0', 'Title 1', 'Title 2', 'Title 3']);
  });

  it('finds a new conversation and a changed title after a crash before the index write', async () => {
    const dataDir = join(root, 'data');
    const store = open(dataDir);
    const { conversationId: old } = await store.create({ title: 'Old', model: 'm' });
    await store.close();
    const indexBefore = await readFile(join(dataDir, 'index.json'), 'utf8');

    const running = open(dataDir);
    const { conversationId: made } = await running.create({ title: 'Made', model: 'm' });
    await running.update(old, { title: 'Renamed', pinned: true });
    expect(await markerIn(dataDir)).toBe(true);
    // The crash: the delayed index write never happens.
    await writeFile(join(dataDir, 'index.json'), indexBefore);

    const restarted = open(dataDir);
    const summaries = await restarted.list();
    expect(summaries.find((summary) => summary.conversationId === old)).toMatchObject({ title: 'Renamed', pinned: true });
    expect(summaries.find((summary) => summary.conversationId === made)).toMatchObject({ title: 'Made', model: 'm' });
  });

  it('leaves a marker while the index lags an append, gone once the index is written', async () => {
    const dataDir = join(root, 'data');
    const store = open(dataDir);
    const { conversationId: id } = await store.create({ model: 'm' });
    expect(await markerIn(dataDir)).toBe(false);
    await store.append(id, [userMessage(id, 'hello')]);
    expect(await markerIn(dataDir)).toBe(true);
    await store.close();
    expect(await markerIn(dataDir)).toBe(false);
    const reopened = open(dataDir);
    await reopened.list();
    expect(logs.filter((line) => line.includes('read again'))).toEqual([]);
  });

  it('is repaired at the next start after a crash between an append and the index write', async () => {
    const dataDir = join(root, 'data');
    const store = open(dataDir);
    const { conversationId: quiet } = await store.create({ title: 'Quiet', model: 'm' });
    const { conversationId: busy } = await store.create({ title: 'Busy', model: 'm' });
    await store.append(quiet, [userMessage(quiet, 'earlier')]);
    await store.close();
    const indexBefore = await readFile(join(dataDir, 'index.json'), 'utf8');

    const running = open(dataDir);
    await running.append(busy, [userMessage(busy, 'question'), runStart(busy, 'r1')]);
    const appendedAt = (await running.summary(busy))?.updatedAt;
    // The crash: the process stops here, its delayed index write never happens. The index on disk
    // is as it was before the append (put back, should the first store's write have gone out).
    await writeFile(join(dataDir, 'index.json'), indexBefore);
    const crashed = dataDir;

    const restarted = open(crashed);
    const summaries = await restarted.list();
    const busySummary = summaries.find((summary) => summary.conversationId === busy);
    expect(busySummary).toMatchObject({ title: 'Busy', updatedAt: appendedAt, unfinished: 'interrupted' });
    expect(summaries.find((summary) => summary.conversationId === quiet)).toMatchObject({ title: 'Quiet' });
    // Only the conversation the index no longer described was read again.
    expect(logs.filter((line) => line.includes('read again'))).toEqual([
      'TACO closed before the conversation index was written: 1 conversation(s) were read again from their timelines.',
    ]);
    await restarted.close();
    expect(await markerIn(crashed)).toBe(false);
    const repaired = JSON.parse(await readFile(join(crashed, 'index.json'), 'utf8')) as {
      conversations: Array<{ conversationId: string; updatedAt: number; open?: { runId: string } }>;
    };
    expect(repaired.conversations.find((entry) => entry.conversationId === busy)).toMatchObject({
      updatedAt: appendedAt,
      open: { runId: 'r1' },
    });
  });
});
