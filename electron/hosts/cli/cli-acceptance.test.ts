import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { DEEPEST_LEVEL } from '../../../test-support/fake-ollama/scenarios/tools/agent-demo';
import { cli, jsonLines } from './testing/spawn-cli';
import { cleanupAfterAll } from '../../../test-support/cleanups';

/**
 * What the loop and the catalogue must do, checked where a script would check it:
 * the CLI with --json, against the fake Ollama server, through the real provider, loop and tools.
 */
let ollama: FakeOllama;
const { tempDir, defer } = cleanupAfterAll();

beforeAll(async () => {
  ollama = await startFakeOllama({ scenario: 'agent-demo' });
  defer(() => ollama.close());
});

async function run(prompt: string, flags: string[] = []) {
  const finished = await cli([
    '--host',
    ollama.url,
    '--model',
    'llama3.2:3b',
    '--data-dir',
    tempDir('taco-cli-data-'),
    '--json',
    ...flags,
    prompt,
  ]);
  const events = jsonLines(finished.stdout);
  const last = events.at(-1) ?? {};
  return { ...finished, events, last, ofType: (type: string) => events.filter((event) => event.type === type) };
}

describe.concurrent('every stop condition ends the run with its reason (CLI --json)', () => {
  it('max_iterations: 10 rounds, then a summary without tools', async () => {
    const result = await run('Count forever: calculate each next number');
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'max_iterations' });
    expect(result.ofType('tool-call')).toHaveLength(10);
    expect(result.code).toBe(2);
  });

  it('--max-iterations overrides the default', async () => {
    const result = await run('Count forever: calculate each next number', ['--max-iterations', '3']);
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'max_iterations' });
    expect(result.ofType('tool-call')).toHaveLength(3);
  });

  it('consecutive_errors: three unknown tools in a row', async () => {
    const result = await run('Use the broken tool');
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'consecutive_errors' });
    expect(result.ofType('tool-error')).toHaveLength(3);
    expect(String(result.ofType('tool-error')[0]?.error)).toContain('read_file');
    expect(result.ofType('tool-call')[0]).toMatchObject({ tool: 'frobnicate', toolType: null, frameId: null });
    expect(result.code).toBe(2);
  });

  it('repeated_call: the 2nd identical call is refused, the 3rd stops the run', async () => {
    const result = await run('Repeat the time');
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'repeated_call' });
    expect(result.ofType('tool-result')).toHaveLength(1);
    // The timeline records the tool's type and the frame it ran in.
    expect(result.ofType('tool-call')[0]).toMatchObject({ tool: 'current_time', toolType: 'function', frameId: expect.any(String) });
    expect(result.code).toBe(2);
  });

  it('model_gave_up: the model says plainly it cannot do it', async () => {
    const result = await run('Do the impossible');
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'model_gave_up' });
    expect(result.code).toBe(2);
  });

  it('timeout: --timeout-ms bounds the whole run and aborts the stream', async () => {
    const result = await run('Please stall', ['--timeout-ms', '1500']);
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'timeout' });
    expect(result.code).toBe(2);
  });

  it('complete: a plain answer', async () => {
    const result = await run('hi');
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'complete' });
    expect(result.code).toBe(0);
  });
});

describe.concurrent('approvals and the workspace through the CLI', () => {
  it('--approve none: the write is denied and the disk is unchanged', async () => {
    const workspace = tempDir('taco-cli-ws-');
    const result = await run('Save a greeting', ['--workspace', workspace, '--approve', 'none']);
    expect(result.ofType('approval-request')).toHaveLength(1);
    expect(result.ofType('approval-resolved')[0]).toMatchObject({ decision: 'deny' });
    expect(existsSync(join(workspace, 'hello.txt'))).toBe(false);
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'complete' });
  });

  it('--approve read: a write is still denied', async () => {
    const workspace = tempDir('taco-cli-ws-');
    await run('Save a greeting', ['--workspace', workspace, '--approve', 'read']);
    expect(existsSync(join(workspace, 'hello.txt'))).toBe(false);
  });

  it('--approve all: the write happens', async () => {
    const workspace = tempDir('taco-cli-ws-');
    const result = await run('Save a greeting', ['--workspace', workspace, '--approve', 'all']);
    expect(result.ofType('approval-resolved')[0]).toMatchObject({ decision: 'allow-once' });
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Hello from TACO\n');
  });

  it('a read outside the workspace is an error and its content never appears', async () => {
    const parent = tempDir('taco-cli-parent-');
    const workspace = join(parent, 'ws');
    rmSync(workspace, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(workspace));
    writeFileSync(join(parent, 'secret.txt'), 'TOP-SECRET-CONTENT');
    const result = await run('Read the secret', ['--workspace', workspace, '--approve', 'all']);
    expect(result.ofType('tool-error')).toHaveLength(1);
    expect(String(result.ofType('tool-error')[0]?.error)).toMatch(/outside the workspace/i);
    expect(result.stdout).not.toContain('TOP-SECRET-CONTENT');
  });
});

describe.concurrent('the depth limit through the CLI', () => {
  it('--on-depth-limit continue: the run pauses at 20, goes on and completes', async () => {
    const result = await run('Go deep', ['--on-depth-limit', 'continue']);
    expect(result.ofType('depth-limit')[0]).toMatchObject({ depth: 20, limit: 20 });
    expect(result.ofType('depth-resolved')[0]).toMatchObject({ decision: 'continue', limit: 40 });
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'complete' });
    // Each level delegates the next one once, and every helper finishes: no repeats, no failures.
    const tasks = result.ofType('tool-call').map((event) => (event.args as { task?: string }).task);
    expect(tasks).toEqual(Array.from({ length: DEEPEST_LEVEL - 1 }, (_, index) => `Work on level ${index + 2}`));
    expect(result.ofType('tool-error')).toEqual([]);
    expect(result.ofType('tool-result')).toHaveLength(DEEPEST_LEVEL - 1);
  });

  it('--on-depth-limit cancel: the run stops at 20', async () => {
    const result = await run('Go deep', ['--on-depth-limit', 'cancel']);
    expect(result.ofType('depth-limit')).toHaveLength(1);
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'cancelled' });
    expect(result.code).toBe(2);
  });
});
