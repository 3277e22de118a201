import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningProcess {
  child: ChildProcess;
  /** The first match of the ready pattern. */
  match: RegExpMatchArray;
  output: () => string;
  stop: () => Promise<void>;
}

/** Start `npx tsx <script> ...args` and wait until a line matches `ready`. */
export function startTsx(script: string, args: string[], ready: RegExp, timeoutMs = 120_000): Promise<RunningProcess> {
  return startNode([join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), script, ...args], script, ready, timeoutMs);
}

/** Start `node ...argv` (a built script, or tsx's CLI) and wait until a line matches `ready`; `script` names it in errors. */
export function startNode(argv: string[], script: string, ready: RegExp, timeoutMs = 120_000): Promise<RunningProcess> {
  const child = spawn(process.execPath, argv, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let output = '';
  const stop = (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not become ready in ${timeoutMs} ms. Output:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, match, output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready. Output:\n${output}`));
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
