import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CLI = join(ROOT, 'electron', 'hosts', 'cli', 'cli-main.ts');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `tsx electron/hosts/cli/cli-main.ts ...args`, as `npm run cli` runs it. */
export function cli(args: string[], onStdout?: (text: string, child: ReturnType<typeof spawn>) => void): Promise<Finished> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [TSX, CLI, ...args], { cwd: ROOT, env: { ...process.env, OLLAMA_HOST: '', FORCE_COLOR: '0' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/**
 * The CLI in one process (`node --import tsx`), so a signal reaches it directly: the `tsx` wrapper
 * relays SIGINT only if the child acknowledges it within 30 ms, which a loaded machine can miss.
 */
export function cliWithoutRelay(args: string[], onStdout?: (text: string, child: ReturnType<typeof spawn>) => void): Promise<Finished> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, OLLAMA_HOST: '', FORCE_COLOR: '0' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Every stdout line parsed as JSON (throws on a line that is not: --json prints nothing else). */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
