import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { undoneWrites } from '../../../../shared/documents/documents';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { redoWrite } from './redo-change';
import { undoWrite } from './undo-change';
import { createVersionStore } from '../versions/version-store';

const { tempDir } = cleanupAfterEach();

async function undoneGreeting() {
  const store = createVersionStore({ dataDir: tempDir('taco-versions-'), budgetBytes: () => 1024 * 1024 });
  const workspace = tempDir('taco-versions-ws-');
  writeFileSync(join(workspace, 'a.txt'), 'Hello from TACO\n');
  const write = await store.recordChange({
    conversationId: 'c1',
    kind: 'write',
    path: 'a.txt',
    workspace,
    tool: 'write_file',
    callId: 'k1',
    runId: 'r1',
    before: Buffer.from('old greeting\n'),
    after: Buffer.from('Hello from TACO\n'),
  });
  const target = { store, conversationId: 'c1', workspace };
  expect(await undoWrite({ ...target, seq: write.seq, confirmed: false })).toMatchObject({ type: 'undone' });
  return { store, workspace, target, seq: write.seq, file: join(workspace, 'a.txt') };
}

describe('redo of an undone write', () => {
  it('puts back what the write wrote, and the write counts as done again (undo works again)', async () => {
    const { store, target, seq, file } = await undoneGreeting();
    expect(readFileSync(file, 'utf8')).toBe('old greeting\n');
    expect(undoneWrites(await store.records('c1'))).toEqual(new Set([seq]));

    const redone = await redoWrite({ ...target, seq, confirmed: false });
    expect(redone).toMatchObject({ type: 'undone', message: 'Redid the write to a.txt (16 bytes).' });
    expect(readFileSync(file, 'utf8')).toBe('Hello from TACO\n');
    expect(undoneWrites(await store.records('c1'))).toEqual(new Set());
    expect(await redoWrite({ ...target, seq, confirmed: false })).toMatchObject({ type: 'nothing' });
    expect(await undoWrite({ ...target, seq, confirmed: false })).toMatchObject({ type: 'undone' });
    expect(readFileSync(file, 'utf8')).toBe('old greeting\n');
  });

  it('asks first when the file changed by hand since the undo, and keeps that content as a version', async () => {
    const { store, target, seq, file } = await undoneGreeting();
    writeFileSync(file, 'my own edit\n');
    expect(await redoWrite({ ...target, seq, confirmed: false })).toMatchObject({ type: 'needs-confirmation' });
    expect(readFileSync(file, 'utf8')).toBe('my own edit\n');

    expect(await redoWrite({ ...target, seq, confirmed: true })).toMatchObject({ type: 'undone' });
    expect(readFileSync(file, 'utf8')).toBe('Hello from TACO\n');
    const last = (await store.records('c1')).at(-1);
    expect(last).toMatchObject({ kind: 'restore', redoes: seq });
    expect((await store.content('c1', last?.before ?? null))?.toString()).toBe('my own edit\n');
  });
});
