import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createCommandSandbox } from '../command-sandbox';
import type { PolicyPlaces } from '../sandbox-policy';

/** What a process printed and how it ended. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `file args` to its end, with `env`; what it printed and its exit status. */
export function runToEnd(file: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The bwrap argv run_command would use for `line` (this system's real sandbox), for tests that start it themselves; `close` stops its proxy. */
export async function commandInvocation(
  line: string,
  options: { places: PolicyPlaces; workspace: string; hosts?: readonly string[]; scratch?: boolean },
): Promise<{ file: string; args: string[]; close(): Promise<void> }> {
  const sandbox = createCommandSandbox(undefined, () => options.places);
  const invocation = await sandbox.invocation(line, {
    workspace: options.workspace,
    hosts: options.hosts ?? [],
    scratch: options.scratch ?? false,
  });
  if (!invocation.sandboxed) throw new Error(`No sandbox: ${invocation.reason}`);
  return invocation;
}

/** Runs a shell line the way run_command does, in this system's real sandbox (with a proxy for `hosts`, stopped at its end). */
export async function runSandboxed(
  line: string,
  options: { places: PolicyPlaces; workspace: string; hosts?: readonly string[]; scratch?: boolean; env?: NodeJS.ProcessEnv },
): Promise<Ran> {
  const invocation = await commandInvocation(line, options);
  try {
    return await runToEnd(
      invocation.file,
      invocation.args,
      options.env ?? { PATH: process.env['PATH'], HOME: options.places.home },
      options.workspace,
    );
  } finally {
    await invocation.close();
  }
}

/** Runs a shell line outside any sandbox, with `env` (the proof that what the sandbox refuses is there to reach). */
export function runOutside(line: string, env: NodeJS.ProcessEnv): Ran {
  const result = spawnSync('/bin/sh', ['-c', line], { env, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The ids of this machine's processes whose command line holds `marker`. */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Resolves once `check` holds, asking again on each turn of a short timer; the test's own timeout is the limit. */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 25));
}
