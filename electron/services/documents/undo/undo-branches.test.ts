import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { branchRunsOf } from './branch-runs';
import { NOTHING_TO_UNDO, NOTHING_TO_UNDO_ON_BRANCH, previewUndo, undoWrite } from './undo-change';
import { createVersionStore, type ChangeInput } from '../versions/version-store';

const { tempDir } = cleanupAfterEach();

const write = (runId: string, path: string, before: string | null, after: string): ChangeInput => ({
  conversationId: 'c1',
  kind: 'write',
  path,
  workspace: null,
  tool: 'write_file',
  callId: `call-${runId}-${path}`,
  runId,
  before: before === null ? null : Buffer.from(before),
  after: Buffer.from(after),
});

function setUp() {
  const workspace = tempDir('taco-undo-branches-ws-');
  const store = createVersionStore({ dataDir: tempDir('taco-undo-branches-'), budgetBytes: () => 1024 * 1024 });
  const file = (path: string) => join(workspace, path);
  return { workspace, store, file };
}

describe('undo across branches', () => {
  it('a plain undo takes back only the shown branch’s writes, and says where the others are', async () => {
    const { workspace, store, file } = setUp();
    // Branch A's run wrote a.txt; after an edit, branch B's run wrote b.txt. B is shown.
    writeFileSync(file('a.txt'), 'from A');
    writeFileSync(file('b.txt'), 'from B');
    await store.recordChange(write('run-a', 'a.txt', 'original', 'from A'));
    await store.recordChange(write('run-b', 'b.txt', null, 'from B'));
    const branchRuns = new Set(['run-b']);

    const first = await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false, branchRuns });
    expect(first).toMatchObject({ type: 'undone', path: 'b.txt' });
    const second = await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false, branchRuns });
    expect(second).toEqual({ type: 'nothing', message: NOTHING_TO_UNDO_ON_BRANCH });
    expect(readFileSync(file('a.txt'), 'utf8')).toBe('from A');
    expect(await previewUndo({ store, conversationId: 'c1', workspace, branchRuns })).toEqual({
      type: 'nothing',
      message: NOTHING_TO_UNDO_ON_BRANCH,
    });

    // Back on branch A, its write is the one a plain undo takes back.
    const onA = await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false, branchRuns: new Set(['run-a']) });
    expect(onA).toMatchObject({ type: 'undone', path: 'a.txt' });
    expect(readFileSync(file('a.txt'), 'utf8')).toBe('original');
    expect(await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false, branchRuns: new Set(['run-a']) })).toEqual({
      type: 'nothing',
      message: NOTHING_TO_UNDO,
    });
  });

  it('never replaces another branch’s later write to the same file without saying so', async () => {
    const { workspace, store, file } = setUp();
    writeFileSync(file('notes.md'), 'B wrote this');
    await store.recordChange(write('run-a', 'notes.md', 'original', 'A wrote this'));
    await store.recordChange(write('run-b', 'notes.md', 'A wrote this', 'B wrote this'));

    const answer = await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false, branchRuns: new Set(['run-a']) });
    expect(answer).toMatchObject({ type: 'needs-confirmation', message: expect.stringMatching(/written since by another branch/) });
    expect(readFileSync(file('notes.md'), 'utf8')).toBe('B wrote this');

    const confirmed = await undoWrite({ store, conversationId: 'c1', workspace, confirmed: true, branchRuns: new Set(['run-a']) });
    expect(confirmed).toMatchObject({ type: 'undone', path: 'notes.md' });
    expect(readFileSync(file('notes.md'), 'utf8')).toBe('original');
    // What B wrote is kept as a version, so nothing is lost.
    const records = await store.records('c1');
    expect((await store.content('c1', records.at(-1)?.before ?? null))?.toString()).toBe('B wrote this');
  });

  it('a conversation without branches undoes as before: the last write of any run', async () => {
    const { workspace, store, file } = setUp();
    writeFileSync(file('a.txt'), 'two');
    await store.recordChange(write('run-1', 'a.txt', 'zero', 'one'));
    await store.recordChange(write('run-2', 'a.txt', 'one', 'two'));
    expect(await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false })).toMatchObject({ type: 'undone' });
    expect(readFileSync(file('a.txt'), 'utf8')).toBe('one');
  });
});

describe('branchRunsOf', () => {
  const storageOf = (events: TacoEvent[]) => ({
    storage: {
      conversations: {
        flush: async () => undefined,
        get: async () => ({ events }),
      },
    },
  });
  const at = 1;
  const message = (messageId: string, text: string): TacoEvent =>
    ({ type: 'user-message', conversationId: 'c1', messageId, text, at }) as TacoEvent;
  const runStart = (runId: string): TacoEvent =>
    ({ type: 'run-start', conversationId: 'c1', runId, model: 'm', goal: 'g', startedAt: at }) as TacoEvent;

  it('is every run of the chosen branch once a message has siblings, and undefined without branches', async () => {
    const linear = [message('m1', 'one'), runStart('r1'), message('m2', 'two'), runStart('r2')];
    expect(await branchRunsOf(storageOf(linear) as never, 'c1')).toBeUndefined();

    const edited = [
      ...linear,
      { type: 'timeline-rewound', conversationId: 'c1', fromMessageId: 'm2', messageId: 'm3', at } as TacoEvent,
      message('m3', 'two, edited'),
      runStart('r3'),
    ];
    expect([...((await branchRunsOf(storageOf(edited) as never, 'c1')) ?? [])].sort()).toEqual(['r1', 'r3']);
    const back = [...edited, { type: 'branch-selected', conversationId: 'c1', messageId: 'm2', at } as TacoEvent];
    expect([...((await branchRunsOf(storageOf(back) as never, 'c1')) ?? [])].sort()).toEqual(['r1', 'r2']);
  });
});
