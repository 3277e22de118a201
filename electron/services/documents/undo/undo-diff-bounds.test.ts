import { readFileSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as diffLibrary from 'diff';
import { DEFAULTS } from '../../../../shared/constants';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import type { AppContext } from '../../app/app-context';
import { documentsHandlers } from '../documents-handlers';
import { previewUndo, restoreVersion, undoWrite } from './undo-change';
import { createVersionStore, type VersionStore } from '../versions/version-store';

// The diff library, spied on: how often, and with which bounds, the app asks it for a diff.
vi.mock('diff', async (importOriginal) => {
  const actual = await importOriginal<typeof import('diff')>();
  return { ...actual, createTwoFilesPatch: vi.fn(actual.createTwoFilesPatch) };
});
const createTwoFilesPatch = vi.mocked(diffLibrary.createTwoFilesPatch);

const { tempDir } = cleanupAfterEach();

/** The 8,000-line case of the report: every line different, 19.9 s of unbounded Myers on main's thread. */
const lines = (prefix: string, count = 8_000): string => Array.from({ length: count }, (_, index) => `${prefix} line ${index}`).join('\n');

async function setUp(): Promise<{ store: VersionStore; workspace: string; dataDir: string }> {
  const dataDir = tempDir('taco-undo-bounds-');
  const workspace = await realpath(tempDir('taco-undo-bounds-ws-'));
  const store = createVersionStore({ dataDir, budgetBytes: () => 100 * 1024 * 1024 });
  // write_file replaced an 8,000-line file with another 8,000 lines.
  writeFileSync(join(workspace, 'big.txt'), lines('new'));
  await store.recordChange({
    conversationId: 'c1',
    kind: 'write',
    path: 'big.txt',
    workspace,
    tool: 'write_file',
    callId: 'call-1',
    runId: 'run-1',
    before: Buffer.from(lines('old')),
    after: Buffer.from(lines('new')),
  });
  return { store, workspace, dataDir };
}

describe('undo, restore and version diffs are bounded (Security IV, finding 3)', () => {
  beforeEach(() => {
    createTwoFilesPatch.mockClear();
  });

  it('a plain undo computes no diff at all', async () => {
    const { store, workspace } = await setUp();
    expect(await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false })).toMatchObject({ type: 'undone' });
    expect(readFileSync(join(workspace, 'big.txt'), 'utf8')).toBe(lines('old'));
    expect(createTwoFilesPatch).not.toHaveBeenCalled();
  });

  it('restoring a version computes no diff either', async () => {
    const { store, workspace } = await setUp();
    expect(await restoreVersion({ store, conversationId: 'c1', workspace, seq: 1, side: 'before' })).toMatchObject({ type: 'undone' });
    expect(createTwoFilesPatch).not.toHaveBeenCalled();
  });

  it('the diff shown before an undo of 8,000 changed lines is the bounded one, and gives a size summary', async () => {
    const { store, workspace } = await setUp();
    // Changed by hand since the write: undo asks first, and shows what it would do.
    writeFileSync(join(workspace, 'big.txt'), lines('edited'));
    const answer = await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false });
    expect(answer.type).toBe('needs-confirmation');
    expect(createTwoFilesPatch).toHaveBeenCalledTimes(1);
    expect(createTwoFilesPatch.mock.calls[0]?.[6]).toMatchObject({
      maxEditLength: DEFAULTS.diff.maxEditLines,
      timeout: DEFAULTS.diff.timeoutMs,
    });
    if (answer.type !== 'needs-confirmation' || answer.preview.type !== 'ready') throw new Error('expected a preview');
    expect(answer.preview.diff).toMatch(/^big\.txt: too many changes to show as a diff\. The file goes from 8000 lines/);

    const preview = await previewUndo({ store, conversationId: 'c1', workspace });
    expect(preview).toMatchObject({ type: 'ready', diff: expect.stringMatching(/too many changes to show as a diff/) });
    expect(
      createTwoFilesPatch.mock.calls.every(
        (call) => (call[6] as { maxEditLength?: number } | undefined)?.maxEditLength === DEFAULTS.diff.maxEditLines,
      ),
    ).toBe(true);
  });

  it('documents.diff goes through the same bounded diff, and never reads a version too large to diff', async () => {
    const { store, workspace } = await setUp();
    const ctx = {
      settings: { current: () => ({ workspace }) },
      versions: store,
      hub: { emit: () => undefined },
      now: () => 0,
    } as unknown as AppContext;
    const handlers = documentsHandlers(ctx);
    const eightThousand = await handlers['documents.diff']({
      conversationId: 'c1',
      from: { seq: 1, side: 'before' },
      to: { seq: 1, side: 'after' },
    });
    expect(eightThousand.diff).toMatch(/too many changes to show as a diff/);
    expect(createTwoFilesPatch).toHaveBeenCalledTimes(1);
    expect(createTwoFilesPatch.mock.calls[0]?.[6]).toMatchObject({
      maxEditLength: DEFAULTS.diff.maxEditLines,
      timeout: DEFAULTS.diff.timeoutMs,
    });

    // A version over DEFAULTS.diff.maxInputBytes: summarised from the record's sizes, its content never read.
    const huge = 'x'.repeat(DEFAULTS.diff.maxInputBytes + 1);
    writeFileSync(join(workspace, 'huge.txt'), huge);
    await store.recordChange({
      conversationId: 'c1',
      kind: 'write',
      path: 'huge.txt',
      workspace,
      tool: 'write_file',
      callId: 'call-2',
      runId: 'run-2',
      before: null,
      after: Buffer.from(huge),
    });
    const read = vi.spyOn(store, 'content');
    createTwoFilesPatch.mockClear();
    const summary = await handlers['documents.diff']({
      conversationId: 'c1',
      from: { seq: 2, side: 'before' },
      to: { seq: 2, side: 'after' },
    });
    expect(summary.diff).toBe(
      `huge.txt: too large to show as a diff (over ${DEFAULTS.diff.maxInputBytes} bytes). The file goes from no file to ${huge.length} bytes.`,
    );
    expect(read).not.toHaveBeenCalled();
    expect(createTwoFilesPatch).not.toHaveBeenCalled();
  });

  it('reads the current file only up to the version cap: a larger one is left alone, with the reason', async () => {
    const { store, workspace } = await setUp();
    const limits = DEFAULTS.documents as { maxVersionFileBytes: number };
    const cap = limits.maxVersionFileBytes;
    limits.maxVersionFileBytes = 50_000;
    try {
      const grown = 'y'.repeat(60_000);
      writeFileSync(join(workspace, 'big.txt'), grown);
      const answer = await undoWrite({ store, conversationId: 'c1', workspace, confirmed: true });
      expect(answer).toMatchObject({
        type: 'nothing',
        message: expect.stringMatching(/big\.txt is now 60000 bytes, more than the 50000 bytes a version can keep/),
      });
      expect(readFileSync(join(workspace, 'big.txt'), 'utf8')).toBe(grown);
      expect((await store.records('c1')).map((record) => record.kind)).toEqual(['write']);
    } finally {
      limits.maxVersionFileBytes = cap;
    }
  });
});
