import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { createConversationStore, type ConversationStore } from '../conversations/conversation-store';
import { migrateTimelineText, timelineVersion } from './timeline-migrations';

let dataDir: string;
let logs: string[];
let opened: ConversationStore[];
const id = 'c0ffee00-0000-4000-8000-000000000001';
const path = (): string => join(dataDir, 'conversations', `${id}.jsonl`);

function open(): ConversationStore {
  const store = createConversationStore({ dataDir, now: () => 5000, log: (message) => logs.push(message) });
  opened.push(store);
  return store;
}

const userEvent: TacoEvent = { type: 'user-message', conversationId: id, messageId: 'm1', text: 'What is in notes.txt?', at: 1100 };
const runStart: TacoEvent = {
  type: 'run-start',
  conversationId: id,
  runId: 'r1',
  model: 'llama3.2:3b',
  goal: 'What is in notes.txt?',
  startedAt: 1101,
};
const answer: TacoEvent = { type: 'text-delta', conversationId: id, runId: 'r1', text: 'It lists three chores.' };
const runFinish: TacoEvent = {
  type: 'run-finish',
  conversationId: id,
  runId: 'r1',
  reason: 'complete',
  message: 'Done.',
  error: null,
  at: 1200,
};

/** A timeline exactly as TACO's format 1 wrote it. */
const V1_TIMELINE = [
  JSON.stringify({
    type: 'header',
    format: 'taco-timeline',
    version: 1,
    conversationId: id,
    createdAt: 1000,
    title: 'Old chores',
    model: 'llama3.2:3b',
  }),
  JSON.stringify({ type: 'event', at: 1100, event: userEvent }),
  JSON.stringify({ type: 'event', at: 1150, event: runStart }),
  JSON.stringify({ type: 'event', at: 1180, event: answer }),
  JSON.stringify({ type: 'meta', at: 1190, patch: { pinned: true } }),
  JSON.stringify({ type: 'event', at: 1200, event: runFinish }),
  '',
].join('\n');
const V1_INDEX = `${JSON.stringify({ format: 'taco-index', version: 1, conversations: [{ conversationId: id, title: 'Old chores', model: 'llama3.2:3b', createdAt: 1000, updatedAt: 1200, pinned: true }] })}\n`;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-migrate-'));
  await mkdir(join(dataDir, 'conversations'), { recursive: true });
  await writeFile(path(), V1_TIMELINE);
  await writeFile(join(dataDir, 'index.json'), V1_INDEX);
  logs = [];
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('format migrations', () => {
  it('reads a format-1 timeline, backs it up byte for byte, and rewrites it in the current format', async () => {
    const store = open();
    expect(await store.list()).toEqual([expect.objectContaining({ conversationId: id, title: 'Old chores', pinned: true })]);
    const snapshot = await store.read(id);
    expect(snapshot.events).toEqual([userEvent, runStart, answer, runFinish]);
    expect(snapshot.summary).toMatchObject({ title: 'Old chores', model: 'llama3.2:3b', createdAt: 1000, pinned: true });

    expect(await readFile(`${path()}.v1.bak`, 'utf8')).toBe(V1_TIMELINE);
    const migrated = await readFile(path(), 'utf8');
    expect(timelineVersion(migrated)).toBe(4);
    expect(logs.some((message) => /format 1 to format 4.*v1\.bak/.test(message))).toBe(true);

    await store.append(id, [{ type: 'user-message', conversationId: id, messageId: 'm2', text: 'Thanks', at: 1300 }]);
    await store.close();
    const reopened = open();
    expect((await reopened.read(id)).events.map((event) => event.type)).toEqual([
      'user-message',
      'run-start',
      'text-delta',
      'run-finish',
      'user-message',
    ]);
    expect((await readdir(join(dataDir, 'conversations'))).sort()).toEqual([`${id}.jsonl`, `${id}.jsonl.v1.bak`]);
  });

  it('migrates before the first append, when nothing read the file first', async () => {
    const store = open();
    await store.append(id, [{ type: 'user-message', conversationId: id, messageId: 'm2', text: 'More', at: 1300 }]);
    expect(timelineVersion(await readFile(path(), 'utf8'))).toBe(4);
    expect(await readFile(`${path()}.v1.bak`, 'utf8')).toBe(V1_TIMELINE);
    expect((await store.read(id)).events).toHaveLength(5);
  });

  it('keeps a format-1 index as index.json.v1.bak and rebuilds it from the timelines', async () => {
    const store = open();
    await store.list();
    await store.close();
    expect(await readFile(join(dataDir, 'index.json.v1.bak'), 'utf8')).toBe(V1_INDEX);
    expect(JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8'))).toMatchObject({
      version: 2,
      conversations: [{ conversationId: id, pinned: true }],
    });
  });

  it('keeps lines it cannot parse byte for byte, and leaves current or newer files alone', () => {
    const torn = `${V1_TIMELINE}{"type":"event","at":12`;
    const migrated = migrateTimelineText(torn, 1);
    expect(migrated.endsWith('{"type":"event","at":12')).toBe(true);
    expect(timelineVersion(migrated)).toBe(4);
    expect(timelineVersion('{"type":"header","format":"taco-timeline","version":7}\n')).toBe(7);
    expect(timelineVersion('not a header\n')).toBeNull();
  });
});
