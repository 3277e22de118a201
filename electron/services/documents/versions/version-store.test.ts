import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createVersionStore, type ChangeInput } from './version-store';
import { restoreVersion, undoWrite } from '../undo/undo-change';

const { tempDir } = cleanupAfterEach();

const change = (path: string, before: string | null, after: string): ChangeInput => ({
  conversationId: 'c1',
  kind: 'write',
  path,
  workspace: null,
  tool: 'write_file',
  callId: 'call',
  runId: 'run',
  before: before === null ? null : Buffer.from(before),
  after: Buffer.from(after),
});

describe('the version store', () => {
  it('keeps each content once (content-addressed) and numbers the records', async () => {
    const dataDir = tempDir('taco-versions-');
    const store = createVersionStore({ dataDir, budgetBytes: () => 1024 * 1024 });
    await store.recordChange(change('a.txt', null, 'same'));
    const second = await store.recordChange(change('b.txt', null, 'same'));
    expect(second.seq).toBe(2);
    expect(readdirSync(join(dataDir, 'documents', 'c1', 'blobs'))).toHaveLength(1);
  });

  it('stays within the size budget by dropping the oldest contents, and then says the version is gone', async () => {
    const dataDir = tempDir('taco-versions-');
    let now = 1;
    const store = createVersionStore({ dataDir, budgetBytes: () => 250, now: () => now++ });
    const workspace = tempDir('taco-versions-ws-');
    writeFileSync(join(workspace, 'a.txt'), 'b'.repeat(100));
    await store.recordChange(change('a.txt', 'a'.repeat(100), 'b'.repeat(100)));
    await store.recordChange(change('a.txt', 'b'.repeat(100), 'c'.repeat(100)));
    await store.recordChange(change('a.txt', 'c'.repeat(100), 'd'.repeat(100)));
    const blobs = readdirSync(join(dataDir, 'documents', 'c1', 'blobs'));
    const total = blobs.reduce((sum, name) => sum + readFileSync(join(dataDir, 'documents', 'c1', 'blobs', name)).length, 0);
    expect(total).toBeLessThanOrEqual(250);
    // The last change's contents are never dropped.
    const records = await store.records('c1');
    expect((await store.content('c1', records[2]?.before ?? null))?.toString()).toBe('c'.repeat(100));
    expect(await store.content('c1', records[0]?.before ?? null)).toBe('missing');
    const restored = await restoreVersion({ store, conversationId: 'c1', workspace, seq: 1, side: 'before' });
    expect(restored).toMatchObject({ type: 'nothing', message: expect.stringMatching(/not kept/) });
  });

  it('skips a record line cut short by a crash and appends the next one on its own line', async () => {
    const dataDir = tempDir('taco-versions-');
    const first = createVersionStore({ dataDir, budgetBytes: () => 1024 * 1024 });
    await first.recordChange(change('a.txt', null, 'one'));
    appendFileSync(join(dataDir, 'documents', 'c1', 'versions.jsonl'), '{"seq":2,"at":1,"kind":"wri');
    const reopened = createVersionStore({ dataDir, budgetBytes: () => 1024 * 1024 });
    expect(await reopened.records('c1')).toHaveLength(1);
    const next = await reopened.recordChange(change('a.txt', 'one', 'two'));
    expect(next.seq).toBe(2);
    expect((await reopened.records('c1')).map((record) => record.seq)).toEqual([1, 2]);
  });

  it('undo takes back the last write not undone yet, then the one before', async () => {
    const dataDir = tempDir('taco-versions-');
    const workspace = tempDir('taco-versions-ws-');
    const store = createVersionStore({ dataDir, budgetBytes: () => 1024 * 1024 });
    writeFileSync(join(workspace, 'a.txt'), 'v2');
    await store.recordChange(change('a.txt', 'v0', 'v1'));
    await store.recordChange(change('a.txt', 'v1', 'v2'));
    expect(await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false })).toMatchObject({ type: 'undone' });
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('v1');
    expect(await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false })).toMatchObject({ type: 'undone' });
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('v0');
    expect(await undoWrite({ store, conversationId: 'c1', workspace, confirmed: false })).toMatchObject({ type: 'nothing' });
  });
});
