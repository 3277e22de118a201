import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const CHILD = join(__dirname, 'testing', 'math-exit-child.ts');

/** Runs the child to its end: its output and exit code. A worker that kept it alive times the test out. */
function runChild(): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { cwd: ROOT });
    // A child the worker kept alive is not left behind when the test times out.
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ stdout, stderr, code }));
  });
}

describe('the math worker and its process', () => {
  it('keeps the process up while a calculation is pending, even before mathjs has loaded, and lets it exit when idle', async () => {
    const { stdout, stderr, code } = await runChild();
    expect(stderr).toBe('');
    // Exit code 13 would be a process that ended with the first calculation unanswered.
    expect({ stdout, code }).toEqual({ stdout: '42\n1024\n', code: 0 });
  }, 60_000);
});
