import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { storedText, waitForStored } from '../../../test-support/timeline-on-disk';
import { createConversationStore } from '../../services/store/conversations/conversation-store';

let slow: FakeOllama;
const dirs: string[] = [];

beforeAll(async () => {
  slow = await startFakeOllama({ scenario: 'slow-stream' });
});
afterAll(async () => {
  await slow.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ROOT = resolve(__dirname, '..', '..', '..');

/**
 * The CLI in one process (`node --import tsx cli-main.ts`): the `tsx` command runs the script in
 * a child process, and a SIGKILL of the wrapper would leave that child streaming on.
 */
function cliProcess(
  args: string[],
  onStdout: (text: string, kill: () => void) => void,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'electron', 'hosts', 'cli', 'cli-main.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, OLLAMA_HOST: '', FORCE_COLOR: '0' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      onStdout(stdout, () => child.kill('SIGKILL'));
    });
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stdout }));
  });
}

describe('kill -9 of the CLI while it streams', () => {
  it('leaves the prompt and the text streamed until the last flush on disk, and the run shows as interrupted', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'taco-kill-'));
    dirs.push(dataDir);
    const prompt = 'Tell me a long story about a lighthouse';
    let streamedBeforeWait: string | null = null;

    const result = await cliProcess(['--host', slow.url, '--model', 'llama3.2:3b', '--data-dir', dataDir, prompt], (stdout, kill) => {
      if (streamedBeforeWait !== null || stdout.split(' ').length < 8) return;
      // Everything printed by now reaches the disk with the next periodic flush (the stream is
      // still running, so only that timer can write it): wait until it is there, then kill.
      const printed = stdout;
      streamedBeforeWait = printed;
      void waitForStored(dataDir, () => storedText(dataDir).startsWith(printed)).then(kill, kill);
    });
    expect(result.signal).toBe('SIGKILL');
    expect(streamedBeforeWait).not.toBeNull();
    expect(result.stdout).not.toContain('word40');

    const store = createConversationStore({ dataDir, log: () => {} });
    try {
      const [summary] = await store.list();
      expect(summary).toMatchObject({ title: prompt, unfinished: 'interrupted' });
      const snapshot = await store.read(summary?.conversationId ?? '');
      expect(snapshot.events[0]).toMatchObject({ type: 'user-message', text: prompt });
      const stored = snapshot.events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');
      expect(stored.startsWith(streamedBeforeWait ?? '')).toBe(true);
      expect(result.stdout.startsWith(stored)).toBe(true);
      expect(snapshot.events.at(-1)).toMatchObject({
        type: 'run-finish',
        reason: 'interrupted',
        message: expect.stringMatching(/partial answer is kept/),
      });
      expect(snapshot.notices).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
