import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
});

function run(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'test-support/fake-ollama/run-fake-ollama.ts', ...args],
    { cwd: ROOT },
  );
  children.push(child);
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function waitFor(output: () => string, pattern: RegExp, exited: Promise<number | null>): Promise<RegExpMatchArray> {
  let stop = false;
  void exited.then(() => (stop = true));
  for (;;) {
    const match = output().match(pattern);
    if (match) return match;
    if (stop) throw new Error(`exited before printing ${pattern}: ${output()}`);
    await new Promise((wake) => setTimeout(wake, 25));
  }
}

describe('run-fake-ollama CLI', () => {
  it('prints its address, serves the scenario, and exits on SIGTERM', async () => {
    const { child, output, exited } = run(['--scenario', 'basic-chat', '--port', '0']);
    const match = await waitFor(output, /Fake Ollama listening at (http:\/\/127\.0\.0\.1:(\d+))/, exited);
    const tags = (await (await fetch(`${match[1]}/api/tags`)).json()) as { models: Array<{ name: string }> };
    expect(tags.models.map((model) => model.name)).toContain('llama3.2:3b');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('names the known scenarios when given an unknown one', async () => {
    const { output, exited } = run(['--scenario', 'nope']);
    expect(await exited).toBe(1);
    expect(output()).toContain('Unknown fake Ollama scenario "nope"');
    expect(output()).toContain('basic-chat');
  });
});
