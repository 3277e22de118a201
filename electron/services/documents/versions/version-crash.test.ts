import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createVersionStore } from './version-store';
import { previewUndo, undoWrite } from '../undo/undo-change';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const CHILD = join(__dirname, '..', 'testing', 'crash-child.ts');
const { tempDir } = cleanupAfterEach();
const sha256 = (text: string): string => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

/** Runs the child until it prints PAUSED at `point`, then SIGKILLs it: a real crash, not a thrown error. */
function killAt(dataDir: string, workspace: string, point: 'after-content' | 'after-record'): Promise<NodeJS.Signals | null> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, workspace, point], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes('PAUSED')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (_code, signal) =>
      stdout.includes('PAUSED') ? done(signal) : fail(new Error(`child ended without pausing: ${stderr}`)),
    );
  });
}

function setUp(): { dataDir: string; workspace: string } {
  const dataDir = tempDir('taco-crash-data-');
  const workspace = tempDir('taco-crash-ws-');
  writeFileSync(join(workspace, 'file.txt'), 'old content\n');
  return { dataDir, workspace };
}

describe('a SIGKILL in the middle of a versioned write', () => {
  it('after the contents are kept and before the record: the file is untouched, both contents readable, no record', async () => {
    const { dataDir, workspace } = setUp();
    expect(await killAt(dataDir, workspace, 'after-content')).toBe('SIGKILL');

    expect(readFileSync(join(workspace, 'file.txt'), 'utf8')).toBe('old content\n');
    const store = createVersionStore({ dataDir, budgetBytes: () => 1024 * 1024 });
    expect(await store.records('crash')).toEqual([]);
    const blobs = join(dataDir, 'documents', 'crash', 'blobs');
    expect(readFileSync(join(blobs, sha256('old content\n')), 'utf8')).toBe('old content\n');
    expect(readFileSync(join(blobs, sha256('new content\n')), 'utf8')).toBe('new content\n');
    // The log goes on cleanly after the crash.
    const next = await store.recordChange({
      conversationId: 'crash',
      kind: 'write',
      path: 'file.txt',
      workspace: null,
      tool: 'write_file',
      callId: 'c2',
      runId: 'r2',
      before: Buffer.from('old content\n'),
      after: Buffer.from('x'),
    });
    expect(next.seq).toBe(1);
  });

  it('after the record and before the file: the record names both kept contents and undo stays consistent', async () => {
    const { dataDir, workspace } = setUp();
    expect(await killAt(dataDir, workspace, 'after-record')).toBe('SIGKILL');

    expect(readFileSync(join(workspace, 'file.txt'), 'utf8')).toBe('old content\n');
    const store = createVersionStore({ dataDir, budgetBytes: () => 1024 * 1024 });
    const records = await store.records('crash');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      seq: 1,
      path: 'file.txt',
      before: { hash: sha256('old content\n') },
      after: { hash: sha256('new content\n') },
    });
    expect((await store.content('crash', records[0]?.before ?? null))?.toString()).toBe('old content\n');
    expect((await store.content('crash', records[0]?.after ?? null))?.toString()).toBe('new content\n');

    // The write never reached the file: undo sees a file that is not what the write left, so it asks first.
    const preview = await previewUndo({ store, conversationId: 'crash', workspace });
    expect(preview).toMatchObject({ type: 'ready', changedSince: true });
    expect((await undoWrite({ store, conversationId: 'crash', workspace, confirmed: false })).type).toBe('needs-confirmation');
    expect((await undoWrite({ store, conversationId: 'crash', workspace, confirmed: true })).type).toBe('undone');
    expect(readFileSync(join(workspace, 'file.txt'), 'utf8')).toBe('old content\n');
  });
});
