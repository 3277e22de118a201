import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, cliWithoutRelay, jsonLines } from './testing/spawn-cli';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { GREETING } from '../../../test-support/fake-ollama/scenarios/chat/basic-chat';
import { cleanupAfterAll } from '../../../test-support/cleanups';

let basic: FakeOllama;
let slow: FakeOllama;
const cleanups = cleanupAfterAll();
const dataDir = (): string => cleanups.tempDir('taco-cli-');

beforeAll(async () => {
  basic = await startFakeOllama({ scenario: 'basic-chat' });
  cleanups.defer(() => basic.close());
  slow = await startFakeOllama({ scenario: 'slow-stream' });
  cleanups.defer(() => slow.close());
});

describe.concurrent('the CLI, spawned, against the fake Ollama server', () => {
  it('--json prints every event as a JSON line, type first, ending with run-finish complete; exit 0', async () => {
    const result = await cli(['--host', basic.url, '--model', 'llama3.2:3b', '--data-dir', dataDir(), '--json', 'hi']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.startsWith('{"type":"')).toBe(true);
    const events = jsonLines(result.stdout);
    expect(events.map((e) => e.type)).toContain('run-start');
    expect(events.at(-1)).toMatchObject({ type: 'run-finish', reason: 'complete' });
    expect(
      events
        .filter((e) => e.type === 'text-delta')
        .map((e) => e.text)
        .join(''),
    ).toBe(GREETING);
  });

  it('against a closed port ends with provider_error naming Ollama and `ollama serve`; exit 1', async () => {
    const result = await cli(['--host', 'http://127.0.0.1:9', '--model', 'llama3.2:3b', '--data-dir', dataDir(), '--json', 'hi']);
    expect(result.code).toBe(1);
    const last = jsonLines(result.stdout).at(-1);
    expect(last).toMatchObject({ type: 'run-finish', reason: 'provider_error' });
    expect(String(last?.error)).toMatch(/Ollama/);
    expect(String(last?.error)).toMatch(/ollama serve/);
  });

  it('SIGINT cancels the run, keeps the streamed text on disk, and exits 2', async () => {
    const dir = dataDir();
    let signalled = false;
    // The CLI itself, not the tsx wrapper: the wrapper relays SIGINT only if its child answers
    // within 30 ms, which a busy machine can miss (then it exits 130 itself).
    const result = await cliWithoutRelay(
      ['--host', slow.url, '--model', 'llama3.2:3b', '--data-dir', dir, '--json', 'tell me a story'],
      (stdout, child) => {
        if (!signalled && stdout.includes('"text-delta"')) {
          signalled = true;
          child.kill('SIGINT');
        }
      },
    );
    expect(result.code).toBe(2);
    const events = jsonLines(result.stdout);
    expect(events.at(-1)).toMatchObject({ type: 'run-finish', reason: 'cancelled' });
    const files = readdirSync(join(dir, 'conversations')).filter((name) => name.endsWith('.jsonl'));
    expect(files).toHaveLength(1);
    const timeline = readFileSync(join(dir, 'conversations', files[0] ?? ''), 'utf8');
    expect(timeline).toContain('tell me a story');
    expect(timeline).toContain('word1');
    expect(timeline).toContain('"cancelled"');
  });
});
