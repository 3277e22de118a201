import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { userMessage } from '../../../../test-support/timeline-events';
import { createConversationStore, type ConversationStore } from './conversation-store';
import { preReadStore, type StorePreRead } from './store-pre-read';

let root: string;
let logs: string[];
let clock: number;
let opened: ConversationStore[];

function open(dataDir: string, preRead?: StorePreRead): ConversationStore {
  const store = createConversationStore({
    dataDir,
    now: () => ++clock,
    log: (message) => logs.push(message),
    indexSaveDelayMs: 3_600_000,
    ...(preRead ? { preRead } : {}),
  });
  opened.push(store);
  return store;
}

/** A data folder holding two conversations and their index, as a closed store leaves it. */
async function folderWithTwo(): Promise<{ dataDir: string; ids: string[] }> {
  const dataDir = join(root, 'data');
  const store = open(dataDir);
  const ids: string[] = [];
  for (const title of ['First', 'Second']) {
    const { conversationId } = await store.create({ title, model: 'm' });
    await store.append(conversationId, [userMessage(conversationId, `${title} question`)]);
    ids.push(conversationId);
  }
  await store.close();
  return { dataDir, ids };
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'taco-store-pre-read-'));
  logs = [];
  clock = 1000;
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await rm(root, { recursive: true, force: true });
});

describe('the conversation store over reads begun before it was made (store-pre-read.ts)', () => {
  it('lists what the index read before says', async () => {
    const { dataDir } = await folderWithTwo();
    const store = open(dataDir, preReadStore(dataDir));
    expect((await store.list()).map((summary) => summary.title).sort()).toEqual(['First', 'Second']);
    expect(logs).toEqual([]);
  });

  it('takes the index from the bytes read before, not from a second read of the file', async () => {
    const { dataDir } = await folderWithTwo();
    const preRead = preReadStore(dataDir);
    await preRead.index;
    const index = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8')) as { conversations: Array<Record<string, unknown>> };
    await writeFile(
      join(dataDir, 'index.json'),
      JSON.stringify({ ...index, conversations: index.conversations.map((entry) => ({ ...entry, title: 'Changed since' })) }),
    );
    const store = open(dataDir, preRead);
    expect((await store.list()).map((summary) => summary.title).sort()).toEqual(['First', 'Second']);
  });

  it('moves a corrupt index read before aside, says so, and rebuilds it from the timelines: nothing is lost', async () => {
    const { dataDir, ids } = await folderWithTwo();
    await writeFile(join(dataDir, 'index.json'), '{"format":"taco-index","version":2,"conversations":[{"conversationId":');
    const store = open(dataDir, preReadStore(dataDir));
    const listed = await store.list();
    expect(listed.map((summary) => summary.conversationId).sort()).toEqual([...ids].sort());
    expect(logs).toEqual([
      expect.stringMatching(/^The conversation index could not be read \(it is not valid JSON\); it was moved aside to .+ and rebuilt/),
    ]);
    const aside = (await readdir(dataDir)).filter((name) => name.startsWith('index.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dataDir, aside[0] ?? ''), 'utf8')).toContain('"conversationId":');
    await store.close();
    const rebuilt = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8')) as { conversations: unknown[] };
    expect(rebuilt.conversations).toHaveLength(2);
  });

  it('rebuilds an index whose entry breaks the schema, named as such', async () => {
    const { dataDir, ids } = await folderWithTwo();
    const index = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8')) as { conversations: Array<Record<string, unknown>> };
    index.conversations[1] = { ...index.conversations[1], pinned: 'yes' };
    await writeFile(join(dataDir, 'index.json'), JSON.stringify(index));
    const store = open(dataDir, preReadStore(dataDir));
    expect((await store.list()).map((summary) => summary.conversationId).sort()).toEqual([...ids].sort());
    expect(logs).toEqual([expect.stringContaining('its contents are not a TACO index of this version')]);
  });

  it('repairs the index after a crash between an append and its write, from the folder names read before', async () => {
    const { dataDir, ids } = await folderWithTwo();
    const [quiet, busy] = ids as [string, string];
    const indexBefore = await readFile(join(dataDir, 'index.json'), 'utf8');
    const running = open(dataDir);
    await running.append(busy, [userMessage(busy, 'later question')]);
    const appendedAt = (await running.summary(busy))?.updatedAt;
    // The crash: the delayed index write never happens, the marker stays.
    await writeFile(join(dataDir, 'index.json'), indexBefore);
    expect(await readdir(join(dataDir, 'conversations'))).toContain(DEFAULTS.store.indexStaleMarker);

    const restarted = open(dataDir, preReadStore(dataDir));
    const summaries = await restarted.list();
    expect(summaries.find((summary) => summary.conversationId === busy)?.updatedAt).toBe(appendedAt);
    expect(summaries.find((summary) => summary.conversationId === quiet)).toMatchObject({ title: 'First' });
    expect(logs.filter((line) => line.includes('read again'))).toEqual([
      'TACO closed before the conversation index was written: 1 conversation(s) were read again from their timelines.',
    ]);
  });

  it('reads nothing before in a data folder not made yet, and the store makes it', async () => {
    const dataDir = join(root, 'new');
    const preRead = preReadStore(dataDir);
    expect(await preRead.index).toBeNull();
    expect(await preRead.names).toBeNull();
    const store = open(dataDir, preRead);
    expect(await store.list()).toEqual([]);
    const { conversationId } = await store.create({ model: 'm' });
    expect((await store.list()).map((summary) => summary.conversationId)).toEqual([conversationId]);
  });
});

describe('the conversation store opened before its first call', () => {
  it('is closed only after a read begun by open() has written the index it rebuilt', async () => {
    const { dataDir } = await folderWithTwo();
    await rm(join(dataDir, 'index.json'));
    const store = createConversationStore({ dataDir, now: () => ++clock, log: (message) => logs.push(message) });
    void store.open();
    await store.close();
    expect(existsSync(join(dataDir, 'index.json'))).toBe(true);
  });
});
