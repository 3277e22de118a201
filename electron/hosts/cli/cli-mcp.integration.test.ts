import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import type { McpServerConfig } from '../../../shared/mcp/mcp';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { toolResults } from '../../../test-support/fake-ollama/reply-builders';
import { everythingServer, filesystemServer, MCP_TEST_TIMEOUT_MS } from '../../../test-support/mcp/mcp-test-servers';
import { runCli, type CliIo } from './run-cli';
import { cleanupAfterAll } from '../../../test-support/cleanups';

let fake: FakeOllama;
const cleanups = cleanupAfterAll(MCP_TEST_TIMEOUT_MS);
beforeAll(async () => {
  fake = await startFakeOllama({ scenario: 'mcp-echo' });
  cleanups.defer(() => fake.close());
});

const tempDir = (): string => cleanups.tempDir('taco-cli-mcp-');

function io(): CliIo & { events: () => TacoEvent[]; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: {},
    onInterrupt: () => () => undefined,
    events: () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as TacoEvent),
    err: () => err,
  };
}

/** One CLI run (--json) with `servers` given by --mcp-config; the fake model calls `tool` with the prompt as its message. */
async function runWith(servers: Record<string, McpServerConfig>, approve: string, prompt: string) {
  const dir = tempDir();
  const config = join(dir, 'mcp-run.json');
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  const terminal = io();
  fake.requests.length = 0;
  const code = await runCli(
    // Every tool in every request (--max-tools 0): these tests are about MCP tools, not about which are offered.
    [
      '--host',
      fake.url,
      '--data-dir',
      join(dir, 'data'),
      '--json',
      '--approve',
      approve,
      '--max-tools',
      '0',
      '--mcp-config',
      config,
      prompt,
    ],
    terminal,
  );
  const chats = fake.requests.filter((request) => request.path === '/api/chat' && request.body?.stream !== false);
  return { code, events: terminal.events(), err: terminal.err(), chats };
}

const toolNamesOf = (body: unknown): string[] =>
  (((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []) as Array<{ function: { name: string } }>).map(
    (tool) => tool.function.name,
  );

describe('CLI --mcp-config with real MCP servers through the real loop and the fake Ollama', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('MCP tools ask by default: --approve read does not approve them', async () => {
    // Not small talk: a greeting goes out without tools, and a call from that step is refused (call-target.ts).
    const { code, events } = await runWith({ everything: everythingServer() }, 'read', 'echo hello there');
    expect(code).toBe(0);
    expect(events).toContainEqual(expect.objectContaining({ type: 'approval-request', tool: 'mcp__everything__echo', risk: 'network' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'approval-resolved', decision: 'deny' }));
    expect(events.some((event) => event.type === 'tool-result')).toBe(false);
  });

  it('a trusted-read server runs its read-only tools without asking; the result reaches the model; read_file coexists', async () => {
    const folder = tempDir();
    const { code, events, chats } = await runWith(
      { everything: everythingServer({ approval: 'trusted-read' }), files: filesystemServer(folder) },
      'read',
      // Not small talk: a greeting alone goes out without tools (small-talk.ts).
      'echo this line',
    );
    expect(code).toBe(0);
    expect(events.some((event) => event.type === 'approval-request')).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-call', tool: 'mcp__everything__echo', args: { message: 'echo this line' } }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-result', tool: 'mcp__everything__echo', result: 'Echo: echo this line' }),
    );
    const names = toolNamesOf(chats[0]?.body);
    expect(names).toEqual(expect.arrayContaining(['read_file', 'mcp__files__read_file', 'mcp__everything__echo']));
    const second = chats[1]?.body as { messages: Array<{ role: string; content: string; tool_name?: string }> } | undefined;
    expect(second && toolResults({ messages: second.messages } as never)).toContainEqual({
      toolName: 'mcp__everything__echo',
      content: 'Echo: echo this line',
    });
  });

  it('a server whose command does not exist is named on stderr; the run goes on with the other tools', async () => {
    const { code, events, err } = await runWith(
      { ghost: { command: 'taco-no-such-mcp-server' }, everything: everythingServer() },
      'all',
      'still works',
    );
    expect(code).toBe(0);
    expect(err).toMatch(/MCP server "ghost" is not available.*`taco-no-such-mcp-server` was not found on PATH/);
    expect(events).toContainEqual(expect.objectContaining({ type: 'approval-resolved', decision: 'allow-once' }));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-result', tool: 'mcp__everything__echo', result: 'Echo: still works' }),
    );
  });
});
