import { appendFile, copyFile, mkdir, open as openFile, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConversationSnapshot } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { chosenBranchPage, newestPageSnapshot } from '../../app/handlers/conversations/conversation-page';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createConversationStore, type ConversationStore } from './conversation-store';

const cleanups = cleanupAfterEach();

/** A small deterministic generator (mulberry32): the same seed gives the same timeline. */
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

interface World {
  dataDir: string;
  store: ConversationStore;
  clock: number;
}

function openStore(world: World): ConversationStore {
  const store = createConversationStore({ dataDir: world.dataDir, now: () => ++world.clock, log: () => undefined });
  cleanups.defer(() => store.close());
  return store;
}

/** What conversation.get with an empty `page` answers: the tail when it can, else the whole file (the handler's order). */
async function newestPage(store: ConversationStore, id: string): Promise<{ page: ConversationSnapshot; fromTail: boolean }> {
  const newest = await store.readNewestPage(id);
  if (newest) return { page: newestPageSnapshot(newest), fromTail: true };
  return { page: chosenBranchPage(await store.read(id), undefined), fromTail: false };
}

/** Whether the timeline has a branch or a rewind (which the tail once left to the whole read). */
async function isBranched(world: World, id: string): Promise<boolean> {
  const text = await readFile(join(world.dataDir, 'conversations', `${id}.jsonl`), 'utf8');
  return text.includes('"type":"timeline-rewound"') || text.includes('"type":"branch-selected"');
}

/** The newest page of a copy of the timeline, read whole by a store of its own (no index, no facts). */
async function wholePageOfCopy(world: World, id: string): Promise<ConversationSnapshot> {
  const dataDir = cleanups.tempDir('taco-tail-copy-');
  await mkdir(join(dataDir, 'conversations'), { recursive: true });
  await copyFile(join(world.dataDir, 'conversations', `${id}.jsonl`), join(dataDir, 'conversations', `${id}.jsonl`));
  const store = createConversationStore({ dataDir, log: () => undefined });
  try {
    return chosenBranchPage(await store.read(id), undefined);
  } finally {
    await store.close();
  }
}

/** The same page from the whole file only, as before tails. */
async function wholePage(store: ConversationStore, id: string): Promise<ConversationSnapshot> {
  return chosenBranchPage(await store.read(id), undefined);
}

/**
 * For `branchy` timelines: most steps edit or choose a branch, the rest continue; no run is left
 * cut off (which ends a timeline's tail facts for good), so long stretches are served from the tail.
 */
function branchyStep(draw: number): number {
  if (draw < 0.25) return 0.68; // an edit or regenerate (a rewind, its message, a run)
  if (draw < 0.35) return 0.71; // a branch chosen
  if (draw < 0.65) return 0.3; // a message and its run
  if (draw < 0.7) return 0.6; // a continue
  if (draw < 0.73) return 0.64; // a command
  if (draw < 0.76) return 0.765; // a rename
  if (draw < 0.8) return 0.82; // a restart
  return 0.9; // a streamed turn
}

/** Random turns: long and short runs, commands, continues, edits, branch choices, cut-off runs, renames, restarts, torn tails. */
async function randomTimeline(
  world: World,
  seed: number,
  steps: number,
  check: (id: string, step: 'rewind' | 'other') => Promise<void>,
  branchy = false,
): Promise<void> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const created = await world.store.create({ title: `Random ${seed}`, model: 'm' });
  const id = created.conversationId;
  const messages: string[] = [];
  let serial = 0;
  const run = (events: TacoEvent[], finish: boolean): void => {
    const runId = `r${(serial += 1)}`;
    events.push({ type: 'run-start', conversationId: id, runId, model: 'm', goal: 'g', startedAt: serial });
    const length = next() < 0.1 ? Math.floor(next() * 160) : Math.floor(next() * 6);
    for (let index = 0; index < length; index += 1) {
      if (next() < 0.3)
        events.push({
          type: 'usage',
          conversationId: id,
          runId,
          promptTokens: index,
          completionTokens: 1,
          tokensPerSecond: 1,
          contextTokens: 1,
          contextTruncated: false,
        });
      else events.push({ type: 'status', conversationId: id, runId, text: `step ${index} ✓ é` });
    }
    events.push({ type: 'text-delta', conversationId: id, runId, text: `answer ${serial} ` });
    if (finish)
      events.push({ type: 'run-finish', conversationId: id, runId, reason: 'complete', message: 'Done.', error: null, at: serial });
  };
  const message = (events: TacoEvent[]): void => {
    const messageId = `u${(serial += 1)}`;
    messages.push(messageId);
    events.push({ type: 'user-message', conversationId: id, messageId, text: `question ${serial}`, at: serial });
  };
  for (let step = 0; step < steps; step += 1) {
    const events: TacoEvent[] = [];
    const what = branchy ? branchyStep(messages.length === 0 ? 0.5 : next()) : next();
    if (what < 0.55) {
      message(events);
      run(events, true);
    } else if (what < 0.62) {
      run(events, true);
    } else if (what < 0.67) {
      message(events);
      events.push({ type: 'command-output', conversationId: id, command: '/help', output: 'help', at: serial });
    } else if (what < 0.7 && messages.length > 0) {
      // A branchy timeline mostly regenerates its last answer or edits its last message (what the page shows).
      const from = branchy && next() < 0.6 ? messages[messages.length - 1]! : pick(messages);
      const messageId = `u${(serial += 1)}`;
      events.push({ type: 'timeline-rewound', conversationId: id, fromMessageId: from, messageId, at: serial });
      messages.push(messageId);
      events.push({ type: 'user-message', conversationId: id, messageId, text: `edited ${serial}`, at: serial });
      run(events, true);
    } else if (what < 0.72 && messages.length > 0) {
      events.push({ type: 'branch-selected', conversationId: id, messageId: pick(messages), at: serial });
    } else if (what < 0.75) {
      message(events);
      run(events, false);
    } else if (what < 0.78) {
      await world.store.update(id, { title: `Renamed ${step}` });
    } else if (what < 0.8) {
      await world.store.abandon(id);
    } else if (what < 0.83) {
      await world.store.close();
      world.store = openStore(world);
    } else if (what < 0.84) {
      await appendFile(join(world.dataDir, 'conversations', `${id}.jsonl`), '{"type":"event","at":1,"ev');
    } else {
      // Streamed: one run over several appends, as the timeline writer flushes it.
      message(events);
      run(events, true);
      let from = 0;
      while (from < events.length) {
        const size = 1 + Math.floor(next() * 4);
        await world.store.append(id, events.slice(from, from + size));
        from += size;
      }
      await check(id, 'other');
      continue;
    }
    if (events.length > 0) await world.store.append(id, events);
    await check(id, events[0]?.type === 'timeline-rewound' ? 'rewind' : 'other');
  }
}

describe('the newest page read from the end of the timeline', () => {
  it('is, for random timelines (branches, rewinds, cut-off runs, torn tails, restarts), the page the whole file gives', async () => {
    let fromTail = 0;
    let whole = 0;
    let branchedFromTail = 0;
    let withSiblings = 0;
    for (let seed = 1; seed <= 8; seed += 1) {
      const world: World = { dataDir: cleanups.tempDir('taco-tail-'), clock: 1000, store: undefined as unknown as ConversationStore };
      world.store = openStore(world);
      await randomTimeline(world, seed, 40, async (id) => {
        const tail = await newestPage(world.store, id);
        expect(tail.page).toEqual(await wholePage(world.store, id));
        if (tail.fromTail) fromTail += 1;
        else whole += 1;
        if (tail.fromTail && (await isBranched(world, id))) branchedFromTail += 1;
        if (tail.fromTail && Object.keys(tail.page.branches ?? {}).length > 0) withSiblings += 1;
      });
    }
    // Both ways were taken, for plain and branched timelines: the comparison proved something about each.
    expect(fromTail).toBeGreaterThan(50);
    expect(whole).toBeGreaterThan(50);
    expect(branchedFromTail).toBeGreaterThan(20);
    expect(withSiblings).toBeGreaterThan(20);
  });

  it('is, for random timelines with many edits and branch choices, the page the whole file gives, over long runs of appends', async () => {
    let branchedFromTail = 0;
    let withSiblings = 0;
    let rewoundFromTail = 0;
    for (let seed = 11; seed <= 15; seed += 1) {
      const world: World = { dataDir: cleanups.tempDir('taco-tail-'), clock: 1000, store: undefined as unknown as ConversationStore };
      world.store = openStore(world);
      let step = 0;
      await randomTimeline(
        world,
        seed,
        50,
        async (id, kind) => {
          step += 1;
          const tail = await newestPage(world.store, id);
          // Mostly compared with a copy of the file read whole elsewhere, so that the facts here
          // live through many appends (a whole read here would make them again); sometimes here.
          const expected = step % 7 === 0 ? await wholePage(world.store, id) : await wholePageOfCopy(world, id);
          expect({ events: tail.page.events, olderCursor: tail.page.olderCursor, branches: tail.page.branches }).toEqual({
            events: expected.events,
            olderCursor: expected.olderCursor,
            branches: expected.branches,
          });
          if (tail.fromTail && (await isBranched(world, id))) {
            branchedFromTail += 1;
            if (Object.keys(tail.page.branches ?? {}).length > 0) withSiblings += 1;
            // Right after an edit or regenerate: the facts followed the rewind.
            if (kind === 'rewind') rewoundFromTail += 1;
          }
        },
        true,
      );
    }
    expect(branchedFromTail).toBeGreaterThan(80);
    expect(withSiblings).toBeGreaterThan(80);
    expect(rewoundFromTail).toBeGreaterThan(18);
  });

  it('reads only the end: a file whose beginning no longer parses still gives its newest page', async () => {
    const world: World = { dataDir: cleanups.tempDir('taco-tail-'), clock: 1000, store: undefined as unknown as ConversationStore };
    world.store = openStore(world);
    const { conversationId: id } = await world.store.create({ title: 'Long', model: 'm' });
    const events: TacoEvent[] = [];
    for (let turn = 0; turn < 300; turn += 1) {
      events.push({ type: 'user-message', conversationId: id, messageId: `u${turn}`, text: `q${turn}`, at: turn });
      events.push({ type: 'run-start', conversationId: id, runId: `r${turn}`, model: 'm', goal: 'g', startedAt: turn });
      events.push({ type: 'text-delta', conversationId: id, runId: `r${turn}`, text: `a${turn}` });
      events.push({ type: 'run-finish', conversationId: id, runId: `r${turn}`, reason: 'complete', message: '', error: null, at: turn });
    }
    await world.store.append(id, events);
    // A whole-second mtime, which utimes can set back exactly; the whole read notes it.
    const path = join(world.dataDir, 'conversations', `${id}.jsonl`);
    await utimes(path, 1_700_000_000, 1_700_000_000);
    const expected = await wholePage(world.store, id);
    await world.store.close();

    // Overwrite the first half (same size, same mtime): the tail reader never looks there.
    const { size } = await stat(path);
    const handle = await openFile(path, 'r+');
    await handle.write(Buffer.alloc(Math.floor(size / 2), 'x'), 0, Math.floor(size / 2), 0);
    await handle.close();
    await utimes(path, 1_700_000_000, 1_700_000_000);
    world.store = openStore(world);

    const tail = await newestPage(world.store, id);
    expect(tail.fromTail).toBe(true);
    expect(tail.page).toEqual(expected);
    expect(tail.page.olderCursor).toBe('e1100');
  });

  it('reads only the chosen branch: after a regenerate, neither the start of the file nor the branch left behind is read', async () => {
    const world: World = { dataDir: cleanups.tempDir('taco-tail-'), clock: 1000, store: undefined as unknown as ConversationStore };
    world.store = openStore(world);
    const { conversationId: id } = await world.store.create({ title: 'Long', model: 'm' });
    const turn = (messageId: string, runId: string, text: string): TacoEvent[] => [
      { type: 'user-message', conversationId: id, messageId, text, at: 1 },
      { type: 'run-start', conversationId: id, runId, model: 'm', goal: 'g', startedAt: 1 },
      { type: 'text-delta', conversationId: id, runId, text: `answer to ${text}` },
      { type: 'run-finish', conversationId: id, runId, reason: 'complete', message: '', error: null, at: 1 },
    ];
    for (let index = 0; index < 300; index += 1) await world.store.append(id, turn(`u${index}`, `r${index}`, `q${index}`));
    const path = join(world.dataDir, 'conversations', `${id}.jsonl`);
    const leftBehind = (await stat(path)).size;
    // The last answer again (as chat.regenerate writes it), then two more turns on the new branch.
    await world.store.append(id, [{ type: 'timeline-rewound', conversationId: id, fromMessageId: 'u299', messageId: 'v299', at: 2 }]);
    const regenerated = (await stat(path)).size;
    await world.store.append(id, turn('v299', 's299', 'q299'));
    await world.store.read(id); // a first edit of a timeline without branches drops its facts: the whole read makes them again
    await world.store.append(id, turn('u300', 'r300', 'q300'));
    await world.store.append(id, turn('u301', 'r301', 'q301'));
    await utimes(path, 1_700_000_000, 1_700_000_000);
    const expected = await wholePage(world.store, id);
    expect(expected.branches).toEqual({ v299: ['u299', 'v299'] });
    expect(expected.events.some((event) => event.type === 'user-message' && event.messageId === 'u299')).toBe(false);
    expect(expected.events.some((event) => event.type === 'user-message' && event.messageId === 'u280')).toBe(true);
    await world.store.close();

    // Overwrite the first half and the branch left behind (same size, same mtime): the tail never reads them.
    const { size } = await stat(path);
    const before = await readFile(path);
    const lastTurnStart = before.lastIndexOf('{"type":"event"', before.indexOf('"messageId":"u299"'));
    const handle = await openFile(path, 'r+');
    await handle.write(Buffer.alloc(Math.floor(size / 2), 'x'), 0, Math.floor(size / 2), 0);
    await handle.write(Buffer.alloc(regenerated - lastTurnStart, 'x'), 0, regenerated - lastTurnStart, lastTurnStart);
    await handle.close();
    await utimes(path, 1_700_000_000, 1_700_000_000);
    expect(lastTurnStart).toBeGreaterThan(size / 2);
    expect(regenerated).toBeGreaterThan(leftBehind);
    world.store = openStore(world);

    const tail = await newestPage(world.store, id);
    expect(tail.fromTail).toBe(true);
    expect(tail.page).toEqual(expected);
  });

  it('follows an edit or regenerate of a message on the newest page without a whole read, and the next one after a restart', async () => {
    const world: World = { dataDir: cleanups.tempDir('taco-tail-'), clock: 1000, store: undefined as unknown as ConversationStore };
    world.store = openStore(world);
    const { conversationId: id } = await world.store.create({ title: 'Edited', model: 'm' });
    const turn = (messageId: string, runId: string): TacoEvent[] => [
      { type: 'user-message', conversationId: id, messageId, text: messageId, at: 1 },
      { type: 'run-start', conversationId: id, runId, model: 'm', goal: 'g', startedAt: 1 },
      { type: 'text-delta', conversationId: id, runId, text: `answer ${runId}` },
      { type: 'run-finish', conversationId: id, runId, reason: 'complete', message: '', error: null, at: 1 },
    ];
    const rewind = (fromMessageId: string, messageId: string): TacoEvent => ({
      type: 'timeline-rewound',
      conversationId: id,
      fromMessageId,
      messageId,
      at: 2,
    });
    for (let index = 0; index < 60; index += 1) await world.store.append(id, turn(`u${index}`, `r${index}`));
    await world.store.append(id, [rewind('u59', 'a59'), ...turn('a59', 'ra59')]);
    await world.store.read(id);
    // Regenerate the last answer (the rewind and its message in separate writes), then edit the question before it.
    await world.store.append(id, [rewind('a59', 'b59')]);
    await world.store.append(id, turn('b59', 'rb59'));
    expect(await newestPage(world.store, id)).toEqual({ page: await wholePageOfCopy(world, id), fromTail: true });
    await world.store.close();
    world.store = openStore(world);
    await world.store.append(id, [rewind('u58', 'b58'), ...turn('b58', 'rb58'), ...turn('u60', 'r60')]);
    const tail = await newestPage(world.store, id);
    expect(tail.fromTail).toBe(true);
    const expected = await wholePageOfCopy(world, id);
    expect(tail.page.events).toEqual(expected.events);
    expect(tail.page.branches).toEqual({ b58: ['u58', 'b58'] });
    expect(expected.branches).toEqual({ b58: ['u58', 'b58'] });
    expect(tail.page.olderCursor).toBe(expected.olderCursor);
  });

  it('falls back to the whole file for a timeline written by an older TACO, then serves it from the end', async () => {
    const world: World = { dataDir: cleanups.tempDir('taco-tail-'), clock: 1000, store: undefined as unknown as ConversationStore };
    world.store = openStore(world);
    const { conversationId: id } = await world.store.create({ title: 'Old', model: 'm' });
    await world.store.append(id, [{ type: 'user-message', conversationId: id, messageId: 'u1', text: 'hello', at: 1 }]);
    await world.store.close();
    // As a version-1 TACO wrote it, with an index that has no tail facts.
    const path = join(world.dataDir, 'conversations', `${id}.jsonl`);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('"version":3', '"version":1'));
    const index = JSON.parse(await readFile(join(world.dataDir, 'index.json'), 'utf8')) as {
      conversations: Array<Record<string, unknown>>;
    };
    for (const entry of index.conversations) delete entry.tail;
    await writeFile(join(world.dataDir, 'index.json'), JSON.stringify(index));

    world.store = openStore(world);
    const first = await newestPage(world.store, id);
    expect(first.fromTail).toBe(false);
    expect(first.page.events).toHaveLength(1);
    const second = await newestPage(world.store, id);
    expect(second.fromTail).toBe(true);
    expect(second.page).toEqual(first.page);
  });
});
