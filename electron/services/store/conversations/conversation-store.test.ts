import { mkdtemp, readdir, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { TacoEvent } from '../../../../shared/contract/events';
import { createConversationStore, type ConversationStore } from './conversation-store';
import { userMessage } from '../../../../test-support/timeline-events';

let dataDir: string;
let logs: string[];
let clock: number;
let opened: ConversationStore[];

function open(): ConversationStore {
  const store = createConversationStore({ dataDir, now: () => ++clock, log: (message) => logs.push(message) });
  opened.push(store);
  return store;
}

const delta = (conversationId: string, runId: string, text: string): TacoEvent => ({ type: 'text-delta', conversationId, runId, text });
const timelinePath = (id: string): string => join(dataDir, 'conversations', `${id}.jsonl`);
const lines = async (id: string): Promise<string[]> => (await readFile(timelinePath(id), 'utf8')).split('\n').filter(Boolean);

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-store-'));
  logs = [];
  clock = 1000;
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('conversation store', () => {
  it('creates, appends and reads back a timeline with a versioned header', async () => {
    const store = open();
    const created = await store.create({ title: '  Hello   world ', model: 'llama3.2:3b' });
    expect(created).toMatchObject({ title: 'Hello world', model: 'llama3.2:3b', pinned: false });
    expect(created.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    const id = created.conversationId;

    const events: TacoEvent[] = [
      userMessage(id, 'hi'),
      { type: 'run-start', conversationId: id, runId: 'r1', model: 'llama3.2:3b', goal: 'hi', startedAt: 5 },
    ];
    await store.append(id, events);
    const snapshot = await store.read(id);
    expect(snapshot.events).toEqual(events);
    expect(snapshot.notices).toEqual([]);
    expect(snapshot.summary.title).toBe('Hello world');

    const [header] = await lines(id);
    expect(JSON.parse(header ?? '')).toMatchObject({ type: 'header', format: 'taco-timeline', version: 4, conversationId: id });
    // An append's index update waits for the burst's write (index-writer.ts); close writes it.
    await store.close();
    const index = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8'));
    expect(index).toMatchObject({ format: 'taco-index', version: 2 });
    expect(index.conversations.map((entry: { conversationId: string }) => entry.conversationId)).toEqual([id]);
  });

  it('names an untitled conversation and lists pinned first, then the most recent', async () => {
    const store = open();
    const a = await store.create({ model: null });
    const b = await store.create({ title: 'b', model: 'm' });
    const c = await store.create({ title: 'c', model: 'm' });
    expect(a.title).toBe('New conversation');
    await store.append(b.conversationId, [userMessage(b.conversationId, 'later')]);
    await store.update(a.conversationId, { pinned: true });
    expect((await store.list()).map((entry) => entry.title)).toEqual(['New conversation', 'b', 'c']);
    expect(await store.summary(c.conversationId)).toMatchObject({ title: 'c' });
    expect(await store.summary('no-such-id')).toBeNull();
  });

  it('merges adjacent deltas of one run into one line, but never across runs or kinds', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    await store.append(id, [
      delta(id, 'r1', 'Hel'),
      delta(id, 'r1', 'lo'),
      delta(id, 'r2', '!'),
      { type: 'thinking-delta', conversationId: id, runId: 'r2', text: 'a' },
      { type: 'thinking-delta', conversationId: id, runId: 'r2', text: 'b' },
      delta(id, 'r2', '?'),
    ]);
    expect(await lines(id)).toHaveLength(1 + 4);
    expect((await store.read(id)).events).toEqual([
      delta(id, 'r1', 'Hello'),
      delta(id, 'r2', '!'),
      { type: 'thinking-delta', conversationId: id, runId: 'r2', text: 'ab' },
      delta(id, 'r2', '?'),
    ]);
  });

  it('skips a torn last line with a notice, and later appends do not glue onto it', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    await store.append(id, [userMessage(id, 'first'), delta(id, 'r1', 'partial answer')]);
    await appendFile(timelinePath(id), '{"type":"event","at":5,"event":{"type":"text-de');

    const reopened = open();
    const snapshot = await reopened.read(id);
    expect(snapshot.events).toEqual([userMessage(id, 'first'), delta(id, 'r1', 'partial answer')]);
    expect(snapshot.notices).toHaveLength(1);
    expect(snapshot.notices[0]).toMatch(/last entry .* cut off/);
    expect(logs.some((message) => message.includes('cut off'))).toBe(true);

    await reopened.append(id, [userMessage(id, 'second')]);
    const after = await reopened.read(id);
    expect(after.events).toEqual([userMessage(id, 'first'), delta(id, 'r1', 'partial answer'), userMessage(id, 'second')]);
    expect(after.notices).toEqual(['One line of this conversation could not be read and was skipped (line 4).']);
  });

  it('appends after a torn line left by another process without reading first', async () => {
    const first = open();
    const { conversationId: id } = await first.create({ model: 'm' });
    await appendFile(timelinePath(id), '{"type":"ev');
    const second = open();
    await second.append(id, [userMessage(id, 'after crash')]);
    expect((await second.read(id)).events).toEqual([userMessage(id, 'after crash')]);
  });

  it('moves a wholly unreadable file aside, never deleting it, and keeps the conversation usable', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ title: 'Precious', model: 'm' });
    // Closed as TACO closes it (a new conversation reaches the index with its burst, index-writer.ts).
    await store.close();
    await writeFile(timelinePath(id), 'this is not json\n\u0000\u0001garbage\n');

    const reopened = open();
    const snapshot = await reopened.read(id);
    expect(snapshot.events).toEqual([]);
    expect(snapshot.summary.title).toBe('Precious');
    expect(snapshot.notices).toHaveLength(1);
    expect(snapshot.notices[0]).toMatch(/could not be read at all.*moved aside.*nothing was deleted/);

    const names = await readdir(join(dataDir, 'conversations'));
    const aside = names.find((name) => name.startsWith(`${id}.corrupt-`) && name.endsWith('.jsonl'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dataDir, 'conversations', aside ?? ''), 'utf8')).toBe('this is not json\n\u0000\u0001garbage\n');

    await reopened.append(id, [userMessage(id, 'again')]);
    expect((await reopened.read(id)).events).toEqual([userMessage(id, 'again')]);
    expect((await reopened.list()).map((entry) => entry.conversationId)).toEqual([id]);
  });

  it('never interleaves concurrent appends from two runs: every line parses, order kept per run', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    // Results larger than Node's 512 KiB write chunk: one append takes several write calls.
    const big = (runId: string, index: number) => `${runId}${index}:`.padEnd(600_000, runId);
    const writer = (runId: string) =>
      Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          store.append(id, [
            { type: 'status', conversationId: id, runId, text: `${runId}-${index}` },
            {
              type: 'tool-result',
              conversationId: id,
              runId,
              callId: `${runId}-${index}`,
              tool: 'read_file',
              result: big(runId, index),
              truncated: false,
              durationMs: 1,
            },
          ]),
        ),
      );
    await Promise.all([
      writer('A'),
      writer('B'),
      ...Array.from({ length: 30 }, (_, index) => store.append(id, [delta(id, 'C', `${index},`)])),
    ]);

    const all = await lines(id);
    expect(all).toHaveLength(1 + 32 + 30);
    for (const line of all) expect(() => JSON.parse(line)).not.toThrow();
    const snapshot = await store.read(id);
    expect(snapshot.notices).toEqual([]);
    for (const runId of ['A', 'B']) {
      const results = snapshot.events.filter((event) => event.type === 'tool-result' && event.runId === runId);
      expect(results.map((event) => (event.type === 'tool-result' ? event.result : ''))).toEqual(
        Array.from({ length: 8 }, (_, index) => big(runId, index)),
      );
    }
    const text = snapshot.events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');
    expect(text).toBe(Array.from({ length: 30 }, (_, index) => `${index},`).join(''));
  });

  it('writes the index atomically, leaving no temp files', async () => {
    const store = open();
    await Promise.all(Array.from({ length: 10 }, (_, index) => store.create({ title: `c${index}`, model: 'm' })));
    await store.close();
    const names = await readdir(dataDir);
    expect(names.filter((name) => name.includes('.tmp-'))).toEqual([]);
    const index = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8'));
    expect(index.conversations).toHaveLength(10);
  });

  it('rebuilds a deleted index from the timelines, renames and pins included', async () => {
    const store = open();
    const a = await store.create({ title: 'Alpha', model: 'm1' });
    const b = await store.create({ title: 'Beta', model: 'm2' });
    await store.append(a.conversationId, [userMessage(a.conversationId, 'hello')]);
    await store.update(b.conversationId, { title: 'Beta renamed', pinned: true, model: 'm3' });
    await store.close();
    const before = await store.list();

    await rm(join(dataDir, 'index.json'));
    const rebuilt = open();
    expect(await rebuilt.list()).toEqual(before);
    await rebuilt.close();
    expect(JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8')).conversations).toHaveLength(2);
  });

  it('rebuilds a corrupt index and keeps the corrupt copy aside', async () => {
    const store = open();
    const a = await store.create({ title: 'Alpha', model: 'm1' });
    await store.close();
    await writeFile(join(dataDir, 'index.json'), '{"format":"taco-index","version":2,"conversations":[{"conver');
    const rebuilt = open();
    expect((await rebuilt.list()).map((entry) => [entry.conversationId, entry.title])).toEqual([[a.conversationId, 'Alpha']]);
    expect((await readdir(dataDir)).some((name) => name.startsWith('index.corrupt-'))).toBe(true);
    expect(logs.some((message) => message.includes('rebuilt'))).toBe(true);
  });

  it('reconciles the index with the folder: adds unknown timelines, drops entries without a file', async () => {
    const store = open();
    const a = await store.create({ title: 'Kept', model: 'm' });
    const b = await store.create({ title: 'Vanished', model: 'm' });
    await store.close();
    await rm(timelinePath(b.conversationId));
    const other = createConversationStore({ dataDir: join(dataDir, 'elsewhere'), now: () => ++clock, log: () => {} });
    opened.push(other);
    const c = await other.create({ title: 'From the CLI', model: 'm' });
    await other.close();
    await writeFile(
      timelinePath(c.conversationId),
      await readFile(join(dataDir, 'elsewhere', 'conversations', `${c.conversationId}.jsonl`)),
    );

    const reopened = open();
    expect((await reopened.list()).map((entry) => entry.title).sort()).toEqual(['From the CLI', 'Kept']);
    expect((await reopened.read(a.conversationId)).summary.title).toBe('Kept');
  });

  it('delete removes the timeline, its moved-aside copies and the index entry', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    const keep = await store.create({ model: 'm' });
    await writeFile(join(dataDir, 'conversations', `${id}.corrupt-2024-01-01T00-00-00-000Z.jsonl`), 'old');
    await store.delete(id);
    expect((await readdir(join(dataDir, 'conversations'))).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await store.list()).map((entry) => entry.conversationId)).toEqual([keep.conversationId]);
    await store.close();
    expect(JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8')).conversations).toHaveLength(1);
    await expect(store.read(id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.append(id, [userMessage(id, 'x')])).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.delete(id)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('refuses ids that could leave the folder, and unknown ids, in words', async () => {
    const store = open();
    for (const bad of ['../index', 'a/b', 'a\\b', '', '.hidden', 'x'.repeat(200)]) {
      await expect(store.read(bad)).rejects.toBeInstanceOf(ContractError);
      await expect(store.read(bad)).rejects.toMatchObject({ code: 'invalid-payload' });
    }
    await expect(store.read('unknown-id')).rejects.toThrow(/No conversation with id “unknown-id”/);
  });

  it('validates update patches and changes nothing on a bad one', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ title: 'T', model: 'm' });
    await expect(store.update(id, { title: '' })).rejects.toMatchObject({ code: 'invalid-payload' });
    await expect(store.update(id, { pinned: 'yes' })).rejects.toMatchObject({ code: 'invalid-payload' });
    await expect(store.update(id, { colour: 'red' })).rejects.toMatchObject({ code: 'invalid-payload' });
    expect((await store.read(id)).summary).toMatchObject({ title: 'T', pinned: false });
    expect(await store.update(id, { title: 'New title' })).toMatchObject({ title: 'New title' });
  });

  it('does not write events that belong to another conversation', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    await store.append(id, [userMessage('someone-else', 'x'), userMessage(id, 'mine')]);
    expect((await store.read(id)).events).toEqual([userMessage(id, 'mine')]);
  });
});
