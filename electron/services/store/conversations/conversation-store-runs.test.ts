import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { createConversationStore, type ConversationStore } from './conversation-store';

let dataDir: string;
let clock: number;
let opened: ConversationStore[];

function open(): ConversationStore {
  const store = createConversationStore({ dataDir, now: () => ++clock, log: () => {} });
  opened.push(store);
  return store;
}

const user = (c: string, text: string): TacoEvent => ({ type: 'user-message', conversationId: c, messageId: `m-${text}`, text, at: 1 });
const start = (c: string, runId: string, goal = 'goal'): TacoEvent => ({
  type: 'run-start',
  conversationId: c,
  runId,
  model: 'm',
  goal,
  startedAt: 1,
});
const delta = (c: string, runId: string, text: string): TacoEvent => ({ type: 'text-delta', conversationId: c, runId, text });
const finish = (c: string, runId: string): TacoEvent => ({
  type: 'run-finish',
  conversationId: c,
  runId,
  reason: 'complete',
  message: 'Done.',
  error: null,
  at: 9,
});
const approval = (c: string, runId: string): TacoEvent => ({
  type: 'approval-request',
  conversationId: c,
  runId,
  approvalId: 'a1',
  callId: 'call-1',
  tool: 'write_file',
  args: { path: 'a.txt' },
  risk: 'write',
  preview: null,
  expiresAt: 99,
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-runs-'));
  clock = 1000;
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('conversation store: runs cut off by a stop of TACO', () => {
  it('a run this process is running is not interrupted; after a restart it is, in the snapshot and the index', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    await store.append(id, [user(id, 'hi'), start(id, 'r1'), delta(id, 'r1', 'Partial ans')]);
    const live = await store.read(id);
    expect(live.events.map((event) => event.type)).toEqual(['user-message', 'run-start', 'text-delta']);
    expect(live.summary.unfinished).toBeUndefined();
    await store.close();

    const restarted = open();
    expect((await restarted.list())[0]?.unfinished).toBe('interrupted');
    const snapshot = await restarted.read(id);
    expect(snapshot.events.at(-2)).toEqual(delta(id, 'r1', 'Partial ans'));
    expect(snapshot.events.at(-1)).toMatchObject({ type: 'run-finish', runId: 'r1', reason: 'interrupted' });
    expect(snapshot.summary.unfinished).toBe('interrupted');
    expect(snapshot.pending).toBeNull();
    const index = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8'));
    expect(index.conversations[0].open).toEqual({ runId: 'r1', waiting: null });

    await restarted.append(id, [user(id, 'again'), start(id, 'r2'), finish(id, 'r2')]);
    expect((await restarted.summary(id))?.unfinished).toBeUndefined();
  });

  it('the mark is rebuilt from the timeline when the index is lost', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    await store.append(id, [user(id, 'hi'), start(id, 'r1'), approval(id, 'r1')]);
    await store.close();
    await rm(join(dataDir, 'index.json'));
    expect((await open().list())[0]?.unfinished).toBe('approval');
  });

  it('a run paused on an approval is pending after a restart, until it is abandoned (a workflow record)', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    await store.append(id, [user(id, 'write it'), start(id, 'r1', 'write it'), approval(id, 'r1')]);
    expect(await store.abandon(id)).toBeNull();
    await store.close();

    const restarted = open();
    const snapshot = await restarted.read(id);
    expect(snapshot.pending).toMatchObject({ kind: 'approval', runId: 'r1', goal: 'write it', tool: 'write_file' });
    expect(snapshot.summary.unfinished).toBe('approval');

    const abandoned = await restarted.abandon(id);
    expect(abandoned?.unfinished).toBeUndefined();
    expect(await restarted.abandon(id)).toBeNull();
    const lines = (await readFile(join(dataDir, 'conversations', `${id}.jsonl`), 'utf8')).trim().split('\n');
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ type: 'workflow', runId: 'r1', state: 'abandoned' });
    await restarted.close();

    const again = open();
    const after = await again.read(id);
    expect(after.pending).toBeNull();
    expect(after.summary.unfinished).toBeUndefined();
    expect(after.events.at(-1)).toMatchObject({ type: 'run-finish', reason: 'interrupted', message: expect.stringMatching(/abandoned/) });
  });

  it('stores options in a meta record, rebuilds them with the index, and never writes conversation-updated', async () => {
    const store = open();
    const created = await store.create({ model: 'm' });
    const id = created.conversationId;
    const updated = await store.update(id, { options: { temperature: 0.2, systemPrompt: 'Be brief.' } });
    expect(updated.options).toEqual({ temperature: 0.2, systemPrompt: 'Be brief.' });
    await store.append(id, [{ type: 'conversation-updated', conversationId: id, summary: updated }, user(id, 'hi')]);
    expect((await store.read(id)).events.map((event) => event.type)).toEqual(['user-message']);
    await store.close();
    await rm(join(dataDir, 'index.json'));
    expect((await open().summary(id))?.options).toEqual({ temperature: 0.2, systemPrompt: 'Be brief.' });
    const cleared = await opened[1]?.update(id, { options: {} });
    expect(cleared?.options).toBeUndefined();
  });

  it('delete removes the timeline with its backups and corrupt copies', async () => {
    const store = open();
    const { conversationId: id } = await store.create({ model: 'm' });
    await writeFile(join(dataDir, 'conversations', `${id}.jsonl.v1.bak`), 'old');
    await store.delete(id);
    expect((await readdir(join(dataDir, 'conversations'))).filter((name) => name.startsWith(id))).toEqual([]);
  });
});
