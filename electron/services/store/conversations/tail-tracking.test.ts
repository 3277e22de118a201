import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createConversationStore } from './conversation-store';
import { userMessage } from '../../../../test-support/timeline-events';

const statsByPath = vi.hoisted(() => ({ paths: [] as string[] }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    stat: (...args: Parameters<typeof actual.stat>) => {
      statsByPath.paths.push(String(args[0]));
      return actual.stat(...args);
    },
  };
});

const cleanups = cleanupAfterEach();

function openStore(dataDir: string) {
  let clock = 1000;
  const store = createConversationStore({ dataDir, now: () => ++clock, log: () => undefined });
  cleanups.defer(() => store.close());
  return store;
}

describe('tail facts kept through appends', () => {
  it('checks each append with its own write’s fstat, not with stats of the timeline by path', async () => {
    const dataDir = cleanups.tempDir('taco-tail-tracking-');
    const store = openStore(dataDir);
    const { conversationId: id } = await store.create({ model: 'm' });
    const timeline = join(dataDir, 'conversations', `${id}.jsonl`);
    statsByPath.paths.length = 0;
    for (let turn = 0; turn < 5; turn += 1) await store.append(id, [userMessage(id, `turn ${turn}`)]);
    expect(statsByPath.paths.filter((path) => path === timeline)).toEqual([]);
    // The facts were extended by every append: the newest page comes from the tail and holds them all.
    const page = await store.readNewestPage(id);
    expect(page?.events.map((event) => (event.type === 'user-message' ? event.text : event.type))).toEqual([
      'turn 0',
      'turn 1',
      'turn 2',
      'turn 3',
      'turn 4',
    ]);
  });

  it('drops the facts when someone else appended to the timeline between two appends', async () => {
    const dataDir = cleanups.tempDir('taco-tail-tracking-');
    const store = openStore(dataDir);
    const { conversationId: id } = await store.create({ model: 'm' });
    await store.append(id, [userMessage(id, 'first')]);
    const foreign = `${JSON.stringify({ type: 'event', at: 5, event: userMessage(id, 'written elsewhere') })}\n`;
    await appendFile(join(dataDir, 'conversations', `${id}.jsonl`), foreign);
    await store.append(id, [userMessage(id, 'second')]);
    // The tail can no longer vouch for the file: the whole read answers, and it has all three.
    expect(await store.readNewestPage(id)).toBeNull();
    const whole = await store.read(id);
    expect(whole.events.map((event) => (event.type === 'user-message' ? event.text : event.type))).toEqual([
      'first',
      'written elsewhere',
      'second',
    ]);
  });
});
