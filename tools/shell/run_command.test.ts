import { readFileSync } from 'node:fs';
import { access, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../shared/contract/json';
import { NO_WORKSPACE_MESSAGE } from '../files/guards/workspace-path';
import { createTestToolContext } from '../catalogue/tool-test-context';
import type { ToolOutcome } from '../catalogue/tool-runtime-types';
import { createRunCommand } from './run_command';

let workspace: string;
beforeEach(async () => {
  workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'taco-shell-')));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

const runCommand = createRunCommand({ timeoutMs: 10_000, maxOutputChars: 2000 });

function parsed(outcome: ToolOutcome): JsonObject {
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${outcome.type}`);
  return JSON.parse(outcome.output) as JsonObject;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // A killed process nobody has reaped yet is a zombie: it is not running.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

async function waitForFile(file: string): Promise<void> {
  await vi.waitFor(() => access(file), { timeout: 30_000, interval: 20 });
}

// POSIX shell commands: CI and the e2e machines run Linux.
describe('run_command', () => {
  it('runs in the workspace folder and returns the exit code and output', async () => {
    const result = parsed(await runCommand({ command: 'pwd; echo oops >&2; exit 3' }, createTestToolContext({ workspace })));
    expect(result).toEqual({ exit_code: 3, stdout: `${workspace}\n`, stderr: 'oops\n', timed_out: false, truncated: false });
  });

  it('gives commands no input', async () => {
    const result = parsed(await runCommand({ command: 'cat; echo done' }, createTestToolContext({ workspace })));
    expect(result).toMatchObject({ exit_code: 0, stdout: 'done\n' });
  });

  it('caps long output, keeping its beginning and its end', async () => {
    const capped = createRunCommand({ timeoutMs: 10_000, maxOutputChars: 100 });
    const result = parsed(await capped({ command: 'echo FIRST; seq 1 5000; echo LAST' }, createTestToolContext({ workspace })));
    expect(result.truncated).toBe(true);
    expect(result.stdout).toMatch(/^FIRST\n/);
    expect(result.stdout).toMatch(/LAST\n$/);
    expect(result.stdout).toContain('characters omitted');
    expect(String(result.stdout).length).toBeLessThan(200);
  });

  it('stops a command that runs too long, with its children', async () => {
    const quick = createRunCommand({ timeoutMs: 300, maxOutputChars: 2000 });
    const result = parsed(
      await quick({ command: 'sleep 30 & echo $! > child.pid; echo started; wait' }, createTestToolContext({ workspace })),
    );
    expect(result).toMatchObject({ exit_code: null, timed_out: true, stdout: 'started\n' });
    expect(result.stderr).toContain('Stopped after 300 ms without finishing.');
    const child = Number((await readFile(path.join(workspace, 'child.pid'), 'utf8')).trim());
    await vi.waitFor(() => expect(isAlive(child)).toBe(false), { timeout: 30_000, interval: 20 });
  });

  it('stops the command and its children when the run is cancelled', async () => {
    const controller = new AbortController();
    const running = runCommand(
      { command: 'sleep 30 & echo $! > child.pid; wait' },
      createTestToolContext({ workspace, signal: controller.signal }),
    );
    await waitForFile(path.join(workspace, 'child.pid'));
    const child = Number((await readFile(path.join(workspace, 'child.pid'), 'utf8')).trim());
    controller.abort();
    await expect(running).rejects.toThrow('The command was stopped because the run was cancelled.');
    await vi.waitFor(() => expect(isAlive(child)).toBe(false), { timeout: 30_000, interval: 20 });
  });

  it('does not start when the run is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runCommand({ command: 'touch made.txt' }, createTestToolContext({ workspace, signal: controller.signal })),
    ).rejects.toThrow('cancelled');
    await expect(access(path.join(workspace, 'made.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('needs a workspace and a command', async () => {
    await expect(runCommand({ command: 'ls' }, createTestToolContext())).rejects.toThrow(NO_WORKSPACE_MESSAGE);
    await expect(runCommand({ command: '  ' }, createTestToolContext({ workspace }))).rejects.toThrow('The command is empty');
  });

  it('runs with exactly the hosts its network argument names, in the spelling the card shows, and closes their proxy at the end', async () => {
    const asked: unknown[] = [];
    const closed = vi.fn(() => Promise.resolve());
    const commandSandbox = {
      available: true,
      invocation: (_line: string, options: unknown) => {
        asked.push(options);
        return Promise.resolve({ sandboxed: true as const, file: '/bin/sh', args: ['-c', 'echo inside'], close: closed });
      },
      describe: () => ({ sandboxed: true, text: 'words' }),
    };
    const context = { ...createTestToolContext({ workspace }), commandSandbox };
    const result = parsed(await runCommand({ command: 'pip download x', network: ['PyPI.org.', 'files.pythonhosted.org'] }, context));
    expect(result['stdout']).toBe('inside\n');
    expect(asked).toEqual([{ workspace, hosts: ['files.pythonhosted.org', 'pypi.org'], scratch: false }]);
    expect(closed).toHaveBeenCalledTimes(1);
    await runCommand({ command: 'ls' }, context);
    expect(asked[1]).toEqual({ workspace, hosts: [], scratch: false });
  });

  it('refuses a network argument that is not a list of hosts, before anything starts', async () => {
    const marker = path.join(workspace, 'ran');
    for (const network of [true, 'pypi.org', ['*'], ['pypi.org', 'http://evil.example/']]) {
      await expect(runCommand({ command: `touch '${marker}'`, network }, createTestToolContext({ workspace }))).rejects.toThrow(
        /^Not run: /,
      );
    }
    await expect(access(marker)).rejects.toThrow();
  });
});
