import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CLI = join(ROOT, 'electron', 'hosts', 'cli', 'cli-main.ts');

export interface Finished {
  code: number | null;
  /** The signal that ended the process, if one did (a test's own kill). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Called with everything printed so far, after each chunk of stdout. */
export type OnStdout = (text: string, child: ReturnType<typeof spawn>) => void;

/** `tsx electron/hosts/cli/cli-main.ts ...args`, as `npm run cli` runs it. */
export function cli(args: string[], onStdout?: OnStdout): Promise<Finished> {
  return spawnCollecting([TSX, CLI, ...args], onStdout);
}

/**
 * The CLI in one process (`node --import tsx`), so a signal reaches it directly: the `tsx` wrapper
 * relays SIGINT only if the child acknowledges it within 30 ms, which a loaded machine can miss,
 * and a SIGKILL of the wrapper would leave its child streaming on.
 */
export function cliWithoutRelay(args: string[], onStdout?: OnStdout): Promise<Finished> {
  return spawnCollecting(['--import', 'tsx', CLI, ...args], onStdout);
}

function spawnCollecting(nodeArgs: string[], onStdout?: OnStdout): Promise<Finished> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env: { ...process.env, OLLAMA_HOST: '', FORCE_COLOR: '0' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
  });
}

/** Every stdout line parsed as JSON (throws on a line that is not: --json prints nothing else). */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
