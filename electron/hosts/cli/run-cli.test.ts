import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { GREETING } from '../../../test-support/fake-ollama/scenarios/chat/basic-chat';
import { runCli, type CliIo } from './run-cli';

let fake: FakeOllama;
const dirs: string[] = [];
beforeAll(async () => {
  fake = await startFakeOllama({ scenario: 'basic-chat' });
});
afterAll(async () => {
  await fake.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function io(env: Record<string, string> = {}): CliIo & { out: () => string; err: () => string; interrupt: () => void } {
  let out = '';
  let err = '';
  let handler: (() => void) | null = null;
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env,
    onInterrupt(next) {
      handler = next;
      return () => {
        handler = null;
      };
    },
    out: () => out,
    err: () => err,
    interrupt: () => handler?.(),
  };
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taco-run-cli-'));
  dirs.push(dir);
  return dir;
}

describe('runCli', () => {
  it('--help prints the usage on stdout and exits 0', async () => {
    const terminal = io();
    expect(await runCli(['--help'], terminal)).toBe(0);
    expect(terminal.out()).toContain('Usage: npm run cli');
    expect(terminal.err()).toBe('');
  });

  it('a bad flag prints the problem and the usage on stderr and exits 1', async () => {
    const terminal = io();
    expect(await runCli(['--approve', 'maybe', 'hi'], terminal)).toBe(1);
    expect(terminal.err()).toContain('--approve must be all, none or read');
    expect(terminal.err()).toContain('Usage: npm run cli');
    expect(terminal.out()).toBe('');
  });

  it('streams only the answer to stdout; status goes to stderr; the first installed model is used', async () => {
    const terminal = io();
    expect(await runCli(['--host', fake.url, '--data-dir', dataDir(), 'hi'], terminal)).toBe(0);
    expect(terminal.out()).toBe(`${GREETING}\n`);
    expect(terminal.err()).toContain('Analyzing request...');
    const chat = fake.requests.filter((r) => r.path === '/api/chat').at(-1);
    expect(chat?.body?.model).toBe('llama3.2:3b');
  });

  it('takes the host from OLLAMA_HOST without a scheme', async () => {
    const terminal = io({ OLLAMA_HOST: fake.url.replace('http://', '') });
    expect(await runCli(['--model', 'llama3.2:3b', '--data-dir', dataDir(), 'hi'], terminal)).toBe(0);
    expect(terminal.out()).toBe(`${GREETING}\n`);
  });

  it('answers a slash command without a run', async () => {
    const terminal = io();
    expect(await runCli(['--host', fake.url, '--model', 'llama3.2:3b', '--data-dir', dataDir(), '/tool read_file'], terminal)).toBe(0);
    expect(terminal.out()).toContain('read_file');
  });

  it('refuses a workspace that does not exist, exit 1', async () => {
    const terminal = io();
    expect(await runCli(['--host', fake.url, '--workspace', '/no/such/folder/taco', '--data-dir', dataDir(), 'hi'], terminal)).toBe(1);
    expect(terminal.err()).toContain('does not exist');
  });

  it('without --model and with Ollama down, --json still ends with a provider_error run-finish; exit 1', async () => {
    const terminal = io();
    expect(await runCli(['--host', 'http://127.0.0.1:9', '--data-dir', dataDir(), '--json', 'hi'], terminal)).toBe(1);
    const last = JSON.parse(terminal.out().trimEnd().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'run-finish', reason: 'provider_error', error: expect.stringContaining('ollama serve') });
  });
});
