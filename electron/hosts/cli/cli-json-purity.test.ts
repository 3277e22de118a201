import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startFakeOllama, standardModels } from '../../../test-support/fake-ollama/index';
import { ginPlainNotFound } from '../../../test-support/replays/ollama-replays';
import { runCli } from './run-cli';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('--json prints only JSON lines, whatever the server answers', () => {
  it('a plain-text error answer (gin 404) never reaches stdout through ollama-js console.log', async () => {
    const fake = await startFakeOllama({
      scenario: {
        name: 'plain-404',
        description: 'text/plain 404',
        models: standardModels(),
        replies: [{ type: 'replay', replay: ginPlainNotFound }],
      },
    });
    const dir = mkdtempSync(join(tmpdir(), 'taco-cli-json-'));
    dirs.push(dir);
    const logged = vi.spyOn(console, 'log');
    let out = '';
    try {
      await runCli(['--host', fake.url, '--model', 'llama3.2:3b', '--data-dir', dir, '--json', 'hi'], {
        stdout: { write: (text: string) => (out += text) },
        stderr: { write: () => true },
        env: {},
        onInterrupt: () => () => undefined,
      });
    } finally {
      await fake.close();
    }
    const printed = logged.mock.calls.map((call) => call.map(String).join(' '));
    logged.mockRestore();

    expect(printed).toEqual([]);
    const lines = out.trimEnd().split('\n');
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const finish = JSON.parse(lines.at(-1) ?? '{}') as { type?: string; reason?: string; message?: string };
    expect(finish).toMatchObject({ type: 'run-finish', reason: 'provider_error' });
    expect(finish.message).not.toMatch(/ollama/i);
    expect(out).toContain('404 page not found');
  });
});
