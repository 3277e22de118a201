import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../e2e/support/processes';

/** Every child the bench started and that has not exited yet: a failed stage leaves none behind. */
const running = new Set<ChildProcess>();

/** Ends every child process started here that is still running (SIGTERM, then SIGKILL), and waits for each to exit. */
export async function stopAllStarted(): Promise<number> {
  const left = [...running];
  await Promise.all(left.map((child) => stopChild(child)));
  return left.length;
}

export interface BenchProcess {
  /** The process running the script itself (not a wrapper), so its RSS is the script's. */
  pid: number;
  /** The first match of the ready pattern. */
  match: RegExpMatchArray;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs `node --import tsx <script> ...args` (no tsx wrapper process in between) and waits until
 * its output matches `ready`. Output is kept, never printed: `--json` keeps stdout clean.
 */
export function startScript(
  script: string,
  args: string[],
  ready: RegExp,
  nodeArgs: string[] = [],
  timeoutMs = 30_000,
): Promise<BenchProcess> {
  return startNode([...nodeArgs, '--import', 'tsx', script, ...args], script, ready, timeoutMs);
}

/** Runs `node ...argv` (a built script: no tsx) and waits until its output matches `ready`; `script` names it in errors. */
export function startNode(argv: string[], script: string, ready: RegExp, timeoutMs = 30_000): Promise<BenchProcess> {
  const child = spawn(process.execPath, argv, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const stop = (): Promise<void> => stopChild(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within ${timeoutMs} ms. Its output:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = output.match(ready);
      if (match && child.pid !== undefined) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        // Keep draining so a chatty child never blocks on a full pipe.
        child.stdout?.on('data', (more: Buffer) => (output += more.toString('utf8')));
        child.stderr?.on('data', (more: Buffer) => (output += more.toString('utf8')));
        resolve({ pid: child.pid, match, output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready. Its output:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/** Resident set size of a process in MB, from `ps` (Linux and macOS). */
export function rssMb(pid: number): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile('ps', ['-o', 'rss=', '-p', String(pid)], (error, stdout) => {
      const kb = Number(stdout.trim());
      if (error || !Number.isFinite(kb) || kb <= 0) {
        reject(new Error(`Could not read the memory of process ${pid} with ps${error ? `: ${error.message}` : ''}.`));
        return;
      }
      resolve(kb / 1024);
    });
  });
}

/** Runs a command to completion with its output captured; rejects with that output on failure. */
export function runCommand(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
        else resolve(`${stdout}${stderr}`);
      },
    );
  });
}

/** A fake Ollama server in its own process, so its work never counts as ours. */
export async function startFakeOllamaProcess(scenario: string): Promise<{ url: string; process: BenchProcess }> {
  const running = await startScript(
    'test-support/fake-ollama/run-fake-ollama.ts',
    ['--scenario', scenario, '--port', '0'],
    /Fake Ollama listening at (http:\/\/127\.0\.0\.1:\d+)/,
  );
  return { url: running.match[1] ?? '', process: running };
}
