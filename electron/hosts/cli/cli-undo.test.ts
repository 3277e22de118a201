import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { cli, jsonLines } from './testing/spawn-cli';

/** /undo through the CLI (--json, --conversation): the agent-demo scenario writes hello.txt on "Save a greeting". */
let ollama: FakeOllama;
const { tempDir, defer } = cleanupAfterAll();

beforeAll(async () => {
  ollama = await startFakeOllama({ scenario: 'agent-demo' });
  defer(() => ollama.close());
});

async function run(dataDir: string, workspace: string, prompt: string, conversation?: string) {
  const finished = await cli([
    '--host',
    ollama.url,
    '--model',
    'llama3.2:3b',
    '--data-dir',
    dataDir,
    '--workspace',
    workspace,
    '--approve',
    'all',
    '--json',
    ...(conversation ? ['--conversation', conversation] : []),
    prompt,
  ]);
  const events = jsonLines(finished.stdout);
  const output = events.filter((event) => event.type === 'command-output').map((event) => String(event.output));
  const start = events.find((event) => event.type === 'run-start' || event.type === 'user-message' || event.type === 'command-output');
  return { ...finished, events, output: output.join('\n'), conversationId: String(start?.conversationId ?? '') };
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

describe.concurrent('/undo (CLI --json)', () => {
  it('a write followed by /undo restores the file exactly, byte for byte', async () => {
    const dataDir = tempDir('taco-undo-data-');
    const workspace = tempDir('taco-undo-ws-');
    const original = Buffer.from('Old greeting\r\nwith CRLF, a BOM-less é and no final newline', 'utf8');
    writeFileSync(join(workspace, 'hello.txt'), original);

    const write = await run(dataDir, workspace, 'Save a greeting');
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Hello from TACO\n');
    expect(write.conversationId).not.toBe('');

    const undo = await run(dataDir, workspace, '/undo', write.conversationId);
    expect(undo.code).toBe(0);
    expect(undo.output).toContain('Undid the write to hello.txt');
    expect(readFileSync(join(workspace, 'hello.txt')).equals(original)).toBe(true);

    // The only write is undone: a second /undo has nothing to take back and says commands never can be.
    const again = await run(dataDir, workspace, '/undo', write.conversationId);
    expect(again.output).toMatch(/Nothing to undo/);
    expect(again.output).toMatch(/run_command cannot be undone/);
    expect(readFileSync(join(workspace, 'hello.txt')).equals(original)).toBe(true);
  });

  it('undoing the write that created a file removes the file', async () => {
    const dataDir = tempDir('taco-undo-data-');
    const workspace = tempDir('taco-undo-ws-');
    const write = await run(dataDir, workspace, 'Save a greeting');
    expect(existsSync(join(workspace, 'hello.txt'))).toBe(true);
    await run(dataDir, workspace, '/undo', write.conversationId);
    expect(existsSync(join(workspace, 'hello.txt'))).toBe(false);
  });

  it('a file edited by hand since the write: /undo asks first, /undo confirm undoes and keeps the edit as a version', async () => {
    const dataDir = tempDir('taco-undo-data-');
    const workspace = tempDir('taco-undo-ws-');
    writeFileSync(join(workspace, 'hello.txt'), 'before\n');
    const write = await run(dataDir, workspace, 'Save a greeting');
    const handEdit = Buffer.from('Hello from TACO\nand a line the user typed\n', 'utf8');
    writeFileSync(join(workspace, 'hello.txt'), handEdit);

    const asked = await run(dataDir, workspace, '/undo', write.conversationId);
    expect(asked.output).toMatch(/changed since this write/);
    expect(asked.output).toContain('/undo confirm');
    expect(asked.output).toContain('-and a line the user typed');
    expect(readFileSync(join(workspace, 'hello.txt')).equals(handEdit)).toBe(true);

    const confirmed = await run(dataDir, workspace, '/undo confirm', write.conversationId);
    expect(confirmed.output).toContain('Undid the write to hello.txt');
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('before\n');
    // The hand edit is kept, content-addressed, beside the conversation data (not in the workspace).
    const kept = join(dataDir, 'documents', write.conversationId, 'blobs', sha256(handEdit));
    expect(readFileSync(kept).equals(handEdit)).toBe(true);
  });
});
