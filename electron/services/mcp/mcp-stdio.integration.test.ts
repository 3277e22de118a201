import { readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ToolFailure } from '../../../tools/catalogue/tool-runtime-types';
import {
  everythingServer,
  filesystemServer,
  isAlive,
  silentServer,
  wrappedEverythingServer,
} from '../../../test-support/mcp/mcp-test-servers';
import { MCP_TEST_TIMEOUT_MS } from '../../../test-support/mcp/mcp-test-servers';
import { mcpHarnessesClosedAfterEach, startMcpHarness } from './testing/mcp-harness';

const { harness, cleanups } = mcpHarnessesClosedAfterEach();

function tempDir(): string {
  const dir = cleanups.tempDir('taco-mcp-files-');
  return dir;
}

/** Resolves when `check` passes, re-checking whenever the harness sees an event (no sleeping). */
async function waitForFile(file: string): Promise<string> {
  for (;;) {
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      if (text) return text;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('MCP over stdio against the real server-everything and server-filesystem', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('lists the tools of both servers, namespaced, with their annotations and schemas', async () => {
    const folder = tempDir();
    const h = harness({ everything: everythingServer(), files: filesystemServer(folder) });
    const everything = await h.waitFor('everything', 'ready');
    const files = await h.waitFor('files', 'ready');
    expect(everything.tools.map((tool) => tool.qualifiedName)).toEqual(
      expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__everything__get-tiny-image']),
    );
    expect(everything.tools.find((tool) => tool.name === 'echo')).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      enabled: true,
    });
    expect(files.tools.map((tool) => tool.qualifiedName)).toContain('mcp__files__read_file');
    const echo = h.tool('mcp__everything__echo');
    expect(echo.info).toMatchObject({
      category: 'mcp:everything',
      type: 'function',
      risk: 'network',
      requiresApproval: true,
      source: { kind: 'mcp', server: 'everything', tool: 'echo', readOnlyHint: true },
    });
    expect(echo.info.parameters.message).toMatchObject({ type: 'string', required: true });
    expect(echo.definition.function).toMatchObject({ name: 'mcp__everything__echo', parameters: { required: ['message'] } });
    for (const tool of h.service.tools()) expect(tool.info.toolId).toMatch(/^mcp__[A-Za-z0-9_-]+$/);
    for (const tool of h.service.tools()) expect(tool.info.toolId.length).toBeLessThanOrEqual(64);
  });

  it('calls a tool and returns its text; arguments are checked against the JSON Schema first', async () => {
    const h = harness({ everything: everythingServer() });
    await h.waitFor('everything', 'ready');
    await expect(h.run('mcp__everything__echo', { message: 'hi there' })).resolves.toEqual({ type: 'result', output: 'Echo: hi there' });
    // Numbers a small model sends as strings are coerced by the schema; missing ones are named.
    await expect(h.run('mcp__everything__get-sum', { a: '2', b: 3 })).resolves.toMatchObject({ output: expect.stringContaining('5') });
    const parsed = h.tool('mcp__everything__get-sum').argsSchema.safeParse({ a: 1 });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]).toMatchObject({ path: ['b'] });
  });

  it('turns an isError result into a tool failure, and an image result into images', async () => {
    const folder = tempDir();
    const h = harness({ everything: everythingServer(), files: filesystemServer(folder) });
    await h.waitFor('files', 'ready');
    await h.waitFor('everything', 'ready');
    await expect(h.run('mcp__files__read_file', { path: '/etc/hostname-outside-the-folder' })).rejects.toSatisfy(
      (error: unknown) => error instanceof ToolFailure && /denied|outside|not allowed|ENOENT/i.test(error.message),
    );
    writeFileSync(path.join(folder, 'a.txt'), 'hello from a file');
    await expect(h.run('mcp__files__read_file', { path: path.join(folder, 'a.txt') })).resolves.toMatchObject({
      output: expect.stringContaining('hello from a file'),
    });
    const image = await h.run('mcp__everything__get-tiny-image', {});
    expect(image.type === 'result' && image.images?.length).toBe(1);
    if (image.type === 'result') {
      expect(
        Buffer.from(image.images?.[0] ?? '', 'base64')
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      expect(image.output).toMatch(/\[image 1: image\/png/);
    }
  });

  it('reports progress of a long call as tool-progress events', async () => {
    const h = harness({ everything: everythingServer() });
    await h.waitFor('everything', 'ready');
    const outcome = await h.run(
      'mcp__everything__trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { runId: 'r1', conversationId: 'c1', callId: 'k1' },
    );
    expect(outcome).toMatchObject({ output: expect.stringContaining('Long running operation completed') });
    // Progress notifications race the result: the last one may arrive after it and is dropped by the SDK.
    const progress = h.events.filter((event) => event.type === 'tool-progress');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0]).toMatchObject({ runId: 'r1', conversationId: 'c1', callId: 'k1', progress: 1, total: 3, message: null });
  });

  it('Stop during a call ends it at once (notifications/cancelled), and the server stays usable', async () => {
    const h = harness({ everything: everythingServer() });
    await h.waitFor('everything', 'ready');
    const controller = new AbortController();
    const call = h.run('mcp__everything__trigger-long-running-operation', { duration: 600, steps: 600 }, { signal: controller.signal });
    const settled = expect(call).rejects.toThrow(/Stopped by the user/);
    // Abort once the server has reported the call running (the first progress), not after a sleep.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (h.events.some((event) => event.type === 'tool-progress')) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    controller.abort(new Error('Stopped by the user'));
    await settled;
    await expect(h.run('mcp__everything__echo', { message: 'still here' })).resolves.toMatchObject({ output: 'Echo: still here' });
  });

  it('a server killed mid-call fails the call with the reason and is restarted, with a doubling delay', async () => {
    const dir = tempDir();
    const pidFile = path.join(dir, 'pids.json');
    const h = harness({ crashy: wrappedEverythingServer(pidFile) }, { timings: { restartInitialDelayMs: 100, restartMaxDelayMs: 400 } });
    await h.waitFor('crashy', 'ready');
    const pids = JSON.parse(await waitForFile(pidFile)) as { wrapper: number; server: number };
    rmSync(pidFile);
    const call = h.run('mcp__crashy__trigger-long-running-operation', { duration: 600, steps: 600 });
    const failed = expect(call).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof ToolFailure &&
        /^The MCP server "crashy" stopped during the call \((exit code \d+|killed by SIG\w+)\)\. TACO restarts it/.test(error.message),
    );
    const crashed = h.waitFor('crashy', 'failed');
    process.kill(pids.server, 'SIGKILL');
    await failed;
    expect((await crashed).error).toMatch(/stopped unexpectedly \(.*\); restarting in 0\.1 s/);
    await h.waitFor('crashy', 'ready');
    const again = JSON.parse(await waitForFile(pidFile)) as { server: number };
    expect(again.server).not.toBe(pids.server);
    await expect(h.run('mcp__crashy__echo', { message: 'back' })).resolves.toMatchObject({ output: 'Echo: back' });
    rmSync(pidFile);
    const crashedAgain = h.waitFor('crashy', 'failed');
    process.kill(again.server, 'SIGKILL');
    expect((await crashedAgain).error).toMatch(/restarting in 0\.2 s/);
    await h.waitFor('crashy', 'ready');
  });

  it('a command that does not exist fails with words saying what was tried; other servers still work', async () => {
    const h = harness({ ghost: { command: 'taco-no-such-mcp-server' }, everything: everythingServer() });
    const ghost = await h.waitFor('ghost', 'failed');
    expect(ghost.error).toMatch(/`taco-no-such-mcp-server` was not found on PATH \(tried: .*taco-no-such-mcp-server/);
    await h.waitFor('everything', 'ready');
    expect(h.service.tools().some((tool) => tool.info.toolId.startsWith('mcp__ghost__'))).toBe(false);
    await expect(h.run('mcp__everything__echo', { message: 'ok' })).resolves.toMatchObject({ output: 'Echo: ok' });
  });

  it('a server that never answers initialize fails on the timeout, with its stderr, and its process is gone', async () => {
    // The initialize limit's clock is faked: it runs out only once the server has started and
    // written to stderr (it then leaves a marker file), however long node takes to start on a
    // loaded machine. Not vi.waitFor: under fake timers it advances them while it waits. The
    // transport module, which the service imports on first start, is loaded before the clock is
    // faked (vitest's module loading needs timers).
    await import('./transport/server-transport');
    const marker = path.join(tempDir(), 'started');
    const script = `process.stdin.resume(); process.stderr.write('silent server: reading stdin, never answering\\n'); require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x'); setInterval(() => undefined, 60000);`;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const h = harness({ silent: silentServer({ args: ['-e', script] }) }, { timings: { initializeTimeoutMs: 1500 } });
      await waitForFile(marker);
      // stderr was in the pipe before the marker existed: one more turn of the event loop reads it.
      await new Promise((resolve) => setImmediate(resolve));
      expect(h.service.list().find((view) => view.name === 'silent')?.status).toBe('starting');
      vi.advanceTimersByTime(1500);
      const failed = await h.waitFor('silent', 'failed');
      expect(failed.error).toMatch(/did not answer "initialize" within 2 s/);
      expect(failed.stderrTail.join('\n')).toContain('never answering');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves no process behind: the whole group (wrapper and server) is gone after dispose', async () => {
    const dir = tempDir();
    const pidFile = path.join(dir, 'pids.json');
    const h = startMcpHarness({ wrapped: wrappedEverythingServer(pidFile) });
    await h.waitFor('wrapped', 'ready');
    const pids = JSON.parse(await waitForFile(pidFile)) as { wrapper: number; server: number };
    expect(isAlive(pids.wrapper) && isAlive(pids.server)).toBe(true);
    await h.close();
    expect(isAlive(pids.server)).toBe(false);
    expect(isAlive(pids.wrapper)).toBe(false);
  });

  it('disabling a server ends its whole process group at once', async () => {
    const dir = tempDir();
    const pidFile = path.join(dir, 'pids.json');
    const h = harness({ wrapped: wrappedEverythingServer(pidFile) });
    await h.waitFor('wrapped', 'ready');
    const pids = JSON.parse(await waitForFile(pidFile)) as { wrapper: number; server: number };
    await h.service.setEnabled('wrapped', false);
    expect(isAlive(pids.server)).toBe(false);
    expect(isAlive(pids.wrapper)).toBe(false);
  });

  it('a call past the server’s timeoutMs is cancelled and fails with words', async () => {
    const h = harness({ slow: everythingServer({ timeoutMs: 1000 }) });
    await h.waitFor('slow', 'ready');
    await expect(h.run('mcp__slow__trigger-long-running-operation', { duration: 600, steps: 2 })).rejects.toThrow(
      /did not finish within 1 s; it was cancelled/,
    );
    await expect(h.run('mcp__slow__echo', { message: 'after' })).resolves.toMatchObject({ output: 'Echo: after' });
  });

  it('lists prompts and reads one with arguments', async () => {
    const h = harness({ everything: everythingServer() });
    await h.waitFor('everything', 'ready');
    const prompts = await h.service.listPrompts();
    expect(prompts).toContainEqual(
      expect.objectContaining({
        server: 'everything',
        name: 'args-prompt',
        arguments: expect.arrayContaining([{ name: 'city', description: 'Name of the city', required: true }]),
      }),
    );
    await expect(h.service.getPrompt('everything', 'args-prompt', { city: 'Lyon' })).resolves.toMatchObject({
      messages: [{ role: 'user', text: "What's weather in Lyon?" }],
    });
  });
});
