import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { TacoEvent } from '../../../../shared/contract/events';
import { conversationToJson, parseConversationExport } from './conversation-json';
import { createConversationStore, type ConversationStore } from './conversation-store';
import { richConversation } from '../testing/rich-conversation';

let dataDir: string;
let opened: ConversationStore[];
const open = (): ConversationStore => {
  const store = createConversationStore({ dataDir, log: () => {} });
  opened.push(store);
  return store;
};
const withoutIds = (events: TacoEvent[]): unknown[] => events.map((event) => ({ ...event, conversationId: '*' }));

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-transfer-'));
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function written(): Promise<{ store: ConversationStore; id: string }> {
  const first = open();
  const { conversationId: id } = await first.create({ title: 'Chores', model: 'qwen3:4b' });
  const events = richConversation(id);
  // Written the way the app writes: in several batches, so deltas of one run stay separate lines.
  for (let index = 0; index < events.length; index += 5) await first.append(id, events.slice(index, index + 5));
  await first.update(id, { pinned: true, options: { temperature: 0.3, keepAlive: '10m' } });
  await first.close();
  return { store: open(), id };
}

describe('JSON export and import', () => {
  it('a conversation written by the app, exported and imported again, has the same events (ids aside) under a new id', async () => {
    const { store, id } = await written();
    const original = await store.read(id);
    expect(original.events.at(-1)).toMatchObject({ type: 'run-finish', runId: 'r3', reason: 'interrupted' });

    const file = conversationToJson(original);
    expect(JSON.parse(file)).toMatchObject({ format: 'taco-conversation', version: 4, summary: { title: 'Chores', pinned: true } });
    const imported = await store.importTimeline(parseConversationExport(file));
    expect(imported.conversationId).not.toBe(id);
    expect(imported).toMatchObject({
      title: 'Chores',
      model: 'qwen3:4b',
      pinned: true,
      createdAt: original.summary.createdAt,
      options: { temperature: 0.3, keepAlive: '10m' },
    });

    const copy = await store.read(imported.conversationId);
    expect(withoutIds(copy.events)).toEqual(withoutIds(original.events));
    expect(copy.events.every((event) => event.conversationId === imported.conversationId)).toBe(true);
    expect(copy.notices).toEqual([]);
    expect((await store.search('chores')).map((hit) => hit.conversationId).sort()).toEqual([id, imported.conversationId].sort());

    await store.close();
    const reopened = open();
    expect(withoutIds((await reopened.read(imported.conversationId)).events)).toEqual(withoutIds(original.events));
  });

  it('refuses a bad file with words naming what is wrong, and writes nothing', async () => {
    const { store, id } = await written();
    const good = JSON.parse(conversationToJson(await store.read(id))) as {
      events: Array<Record<string, unknown>>;
      summary: Record<string, unknown>;
    };
    const before = (await readdir(join(dataDir, 'conversations'))).sort();

    const attempt = (content: string): ContractError => {
      try {
        parseConversationExport(content);
      } catch (error) {
        if (error instanceof ContractError) return error;
        throw error;
      }
      throw new Error('the import was accepted');
    };
    expect(attempt('{not json').message).toMatch(/^This file cannot be imported: the file is not valid JSON/);
    expect(attempt('{"hello":1}').message).toMatch(/not a TACO conversation export/);
    expect(attempt(JSON.stringify({ ...good, version: 9 })).message).toMatch(/a newer version of TACO exported it \(format 9\)/);

    const badText = structuredClone(good);
    if (badText.events[0]) badText.events[0].text = 42;
    expect(attempt(JSON.stringify(badText)).message).toMatch(/events\[0\] \(user-message\) "text"/);

    const unknownType = structuredClone(good);
    unknownType.events.splice(3, 0, { type: 'self-destruct', conversationId: 'x' });
    expect(attempt(JSON.stringify(unknownType)).message).toMatch(/events\[3\] \(self-destruct\)/);

    const extraField = structuredClone(good);
    if (extraField.events[1]) extraField.events[1].sneaky = '<script>';
    expect(attempt(JSON.stringify(extraField)).message).toMatch(/events\[1\] \(run-start\).*sneaky/);

    const badSummary = structuredClone(good);
    badSummary.summary.pinned = 'yes';
    expect(attempt(JSON.stringify(badSummary)).message).toMatch(/"summary.pinned"/);

    let deep = '[]';
    for (let level = 0; level < 5000; level += 1) deep = `[${deep}]`;
    expect(attempt(JSON.stringify({ ...good, events: [{ ...good.events[7], args: { nested: '*' } }] }).replace('"*"', deep)).code).toBe(
      'invalid-payload',
    );

    expect((await readdir(join(dataDir, 'conversations'))).sort()).toEqual(before);
  });

  it('reads an export of an older format version as it is', async () => {
    const { store, id } = await written();
    const file = JSON.parse(conversationToJson(await store.read(id))) as Record<string, unknown>;
    expect(parseConversationExport(JSON.stringify({ ...file, version: 1 })).events.length).toBeGreaterThan(10);
  });
});
