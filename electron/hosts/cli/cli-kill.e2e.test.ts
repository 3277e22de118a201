import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { storedText, waitForStored } from '../../../test-support/timeline-on-disk';
import { createConversationStore } from '../../services/store/conversations/conversation-store';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { cliWithoutRelay } from './testing/spawn-cli';

let slow: FakeOllama;
const cleanups = cleanupAfterAll();

beforeAll(async () => {
  slow = await startFakeOllama({ scenario: 'slow-stream' });
  cleanups.defer(() => slow.close());
});

describe('kill -9 of the CLI while it streams', () => {
  it('leaves the prompt and the text streamed until the last flush on disk, and the run shows as interrupted', async () => {
    const dataDir = cleanups.tempDir('taco-kill-');
    const prompt = 'Tell me a long story about a lighthouse';
    let streamedBeforeWait: string | null = null;

    // One process: a SIGKILL of the tsx wrapper would leave its child streaming on.
    const result = await cliWithoutRelay(['--host', slow.url, '--model', 'llama3.2:3b', '--data-dir', dataDir, prompt], (stdout, child) => {
      const kill = () => child.kill('SIGKILL');
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
