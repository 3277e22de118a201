import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { resolveWorkspacePath } from '../../../../tools/files/guards/workspace-path';
import { removeVerified } from '../../../../tools/files/guards/open-verified';
import { restoreVersion, undoWrite } from './undo-change';
import { createVersionStore, type VersionStore } from '../versions/version-store';

const { tempDir } = cleanupAfterEach();

/**
 * Another program writes the file after undo/restore planned what to put back and before it
 * does: that content was never kept, so it must not be overwritten or deleted (Security IV, minor:
 * restore deleted by path).
 */
async function setUp(before: string | null, after: string): Promise<{ store: VersionStore; workspace: string; racing: VersionStore }> {
  const workspace = await realpath(tempDir('taco-undo-race-ws-'));
  const store = createVersionStore({ dataDir: tempDir('taco-undo-race-'), budgetBytes: () => 1024 * 1024 });
  writeFileSync(join(workspace, 'a.txt'), after);
  await store.recordChange({
    conversationId: 'c1',
    kind: 'write',
    path: 'a.txt',
    workspace,
    tool: 'write_file',
    callId: 'call-1',
    runId: 'run-1',
    before: before === null ? null : Buffer.from(before),
    after: Buffer.from(after),
  });
  // The other program writes as soon as the kept content has been read (the plan is made).
  let raced = false;
  const racing: VersionStore = {
    ...store,
    async content(conversationId, ref) {
      const kept = await store.content(conversationId, ref);
      if (!raced) {
        raced = true;
        writeFileSync(join(workspace, 'a.txt'), 'written by another program');
      }
      return kept;
    },
  };
  return { store, workspace, racing };
}

describe('undo and restore change only the file they planned from', () => {
  it('undoing a create does not delete content another program wrote meanwhile', async () => {
    const { store, workspace, racing } = await setUp(null, 'created by the tool');
    await expect(undoWrite({ store: racing, conversationId: 'c1', workspace, confirmed: false })).rejects.toThrow(/changed while/);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('written by another program');
    // Nothing was recorded: the write can still be undone once the file is settled.
    expect((await store.records('c1')).map((record) => record.kind)).toEqual(['write']);
  });

  it('restoring a version does not overwrite content another program wrote meanwhile', async () => {
    const { store, workspace, racing } = await setUp('v0', 'v1');
    await expect(restoreVersion({ store: racing, conversationId: 'c1', workspace, seq: 1, side: 'before' })).rejects.toThrow(
      /changed while/,
    );
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('written by another program');
    expect((await store.records('c1')).map((record) => record.kind)).toEqual(['write']);
  });

  it('removeVerified leaves alone a file swapped in after it was checked', async () => {
    const workspace = await realpath(tempDir('taco-undo-race-ws-'));
    writeFileSync(join(workspace, 'a.txt'), 'checked');
    writeFileSync(join(workspace, 'other.txt'), 'swapped in');
    const target = await resolveWorkspacePath(workspace, 'a.txt');
    await expect(
      removeVerified(target, 1024, async () => undefined, {
        beforeUnlink: () => renameSync(join(workspace, 'other.txt'), join(workspace, 'a.txt')),
      }),
    ).rejects.toThrow(/changed while/);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('swapped in');
    await removeVerified(await resolveWorkspacePath(workspace, 'a.txt'), 1024, async () => undefined);
    expect(existsSync(join(workspace, 'a.txt'))).toBe(false);
  });
});
