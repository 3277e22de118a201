import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { CallName, CallResponse } from '../../shared/contract/contract';
import type { ModelEvent } from '../../shared/contract/events';
import { WS_PATH, type WsServerMessage } from '../../shared/contract/transport';
import { startFakeOllama, type FakeOllama } from '../../test-support/fake-ollama/fake-ollama-server';
import { everythingServer, MCP_TEST_TIMEOUT_MS } from '../../test-support/mcp/mcp-test-servers';
import { buildWebHost, OUT_DIR } from './build-web-host';
import { writeTinyGguf } from '../../test-support/gguf/tiny-gguf';
import { createEngineClient } from '../../electron/services/engine/process/engine-client';
import { forkEngineLauncher } from '../../electron/services/engine/process/fork-engine-process';
import { createProcessEngineProvider } from '../../electron/services/engine/process/process-engine-provider';

/**
 * The shipped web host: bundled by web.vite.config.ts and run with plain `node`, as `npm run web`
 * does. It must start, serve the page and find its tools (the catalogue and the workflows come
 * through `import.meta.glob` in the bundle, not from disk) and start MCP servers with the
 * bundled SDK.
 */
let root: string;
let bundleDir: string;
let entryFile: string;
let fake: FakeOllama;
let host: ChildProcess;
let url: URL;
let socket: WebSocket;
let nextId = 1;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'taco-web-bundle-'));
  mkdirSync(OUT_DIR, { recursive: true });
  bundleDir = mkdtempSync(join(OUT_DIR, 'test-web-'));
  const entry = await buildWebHost(bundleDir);
  entryFile = entry;
  const staticDir = join(root, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>TACO</title>');
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { everything: everythingServer() } }));
  fake = await startFakeOllama({ scenario: 'basic-chat' });
  host = spawn(process.execPath, [entry, '--port', '0', '--data-dir', dataDir, '--static-dir', staticDir, '--host', fake.url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = new URL(await readyAddress(host));
  socket = new WebSocket(`ws://${url.host}${WS_PATH}${url.search}`, { headers: { origin: url.origin } });
  await new Promise<void>((done, fail) => {
    socket.once('open', () => done());
    socket.once('error', fail);
  });
}, MCP_TEST_TIMEOUT_MS);

afterAll(async () => {
  socket?.close();
  if (host && host.exitCode === null && host.signalCode === null) {
    const exited = new Promise((done) => host.once('exit', done));
    host.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
}, MCP_TEST_TIMEOUT_MS);

/** The address the host prints once it listens; rejects with its output if it exits first. */
function readyAddress(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /TACO is running at (\S+)/.exec(output);
      if (match?.[1]) done(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`The bundled web host exited with ${code} before it was ready:\n${output}`)));
  });
}

async function call<K extends CallName>(name: K, request: unknown = {}): Promise<CallResponse<K>> {
  const id = nextId++;
  const answer = new Promise<WsServerMessage>((done) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const message = JSON.parse(data.toString()) as WsServerMessage;
      if (message.kind !== 'result' || message.id !== id) return;
      socket.off('message', onMessage);
      done(message);
    };
    socket.on('message', onMessage);
  });
  socket.send(JSON.stringify({ kind: 'call', id, name, request }));
  const message = await answer;
  if (message.kind !== 'result' || !message.envelope.ok) throw new Error(`${name} failed: ${JSON.stringify(message)}`);
  return message.envelope.value as CallResponse<K>;
}

/** Resolves once `mcp.list` shows the server ready, re-checking on every model event (no polling). */
function mcpReady(server: string): Promise<void> {
  return new Promise((done, fail) => {
    const check = async (): Promise<void> => {
      const found = (await call('mcp.list')).servers.find((view) => view.name === server);
      if (found?.status === 'failed') fail(new Error(`MCP server ${server} failed: ${JSON.stringify(found)}`));
      if (found?.status !== 'ready') return;
      socket.off('message', onMessage);
      done();
    };
    const onMessage = (data: WebSocket.RawData): void => {
      const message = JSON.parse(data.toString()) as WsServerMessage;
      if (message.kind !== 'event' || message.name !== 'model-events') return;
      if ((message.payload as ModelEvent[]).some((event) => event.type === 'mcp-status')) check().catch(fail);
    };
    socket.on('message', onMessage);
    check().catch(fail);
  });
}

/** The unminified bundle names each module it holds in a comment (`// …/node_modules/zod/…`). */
const moduleFrom = (pkg: string): RegExp => new RegExp(`^// .*node_modules/${pkg}/`, 'm');

describe('the bundled web host (node out/web/web-main.js)', () => {
  it('serves the page after the printed token is exchanged for a session', async () => {
    const signIn = await fetch(url, { redirect: 'manual' });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^taco_session_\d+=/);
    const page = await fetch(new URL('/', url.origin), { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<title>TACO</title>');
  });

  it('listens before it loads main: the entry holds no schemas, main comes in a chunk of its own, and ajv in another, with the first MCP server', () => {
    const entrySource = readFileSync(entryFile, 'utf8');
    expect(entrySource).not.toMatch(moduleFrom('zod'));
    expect(entrySource).not.toMatch(/^\/\/ electron\/services\/app\//m);
    const chunks = readdirSync(join(bundleDir, 'assets'));
    const main = chunks.find((name) => name.startsWith('web-host-app-'));
    expect(main, chunks.join(', ')).toBeDefined();
    const mainSource = readFileSync(join(bundleDir, 'assets', main ?? ''), 'utf8');
    expect(mainSource).not.toMatch(moduleFrom('ajv'));
  });

  it("loads main without the export's Markdown and HTML writers: micromark and remark come with the first export", () => {
    // What `import` statements reach from main's chunk is what a start compiles; `import()` is not.
    const assets = join(bundleDir, 'assets');
    const chunks = readdirSync(assets);
    const main = chunks.find((name) => name.startsWith('web-host-app-')) ?? '';
    const loaded = new Set<string>();
    const visit = (name: string): void => {
      if (loaded.has(name) || !name.endsWith('.js')) return;
      loaded.add(name);
      const source = readFileSync(join(assets, name), 'utf8');
      for (const match of source.matchAll(/^import .* from "\.\/([^"]+)";$/gm)) visit(match[1] ?? '');
    };
    // The host imports web-host-app, which imports the services' chunk once it makes them.
    visit(main);
    visit(chunks.find((name) => name.startsWith('app-services-')) ?? '');
    expect(loaded.size).toBeGreaterThan(1);
    const atStart = [...loaded].map((name) => readFileSync(join(assets, name), 'utf8')).join('\n');
    expect(atStart).toMatch(moduleFrom('zod'));
    expect(atStart).not.toMatch(moduleFrom('micromark'));
    expect(atStart).not.toMatch(moduleFrom('mdast-util-to-markdown'));
    expect(atStart).not.toMatch(moduleFrom('ajv'));
  });

  it('finds the built-in tools and workflows that the build collected', async () => {
    const tools = (await call('tools.list')).map((tool) => tool.toolId);
    expect(tools).toEqual(expect.arrayContaining(['read_file', 'write_file', 'run_command', 'calculate', 'ask_user', 'find_tools']));
    const workflows = (await call('workflows.list')).categories.flatMap((category) =>
      category.workflows.map((workflow) => workflow.definition.id),
    );
    expect(workflows).toEqual(expect.arrayContaining(['summarise_file', 'draft_commit_message']));
  });

  it(
    'starts the MCP servers in mcp.json and lists their tools',
    async () => {
      await mcpReady('everything');
      expect((await call('tools.list')).map((tool) => tool.toolId)).toContain('mcp__everything__echo');
    },
    MCP_TEST_TIMEOUT_MS,
  );

  it('starts the built-in engine from its bundled entry beside the host, and the engine loads a model with node-llama-cpp from node_modules', async () => {
    const entry = join(bundleDir, 'engine-host.js');
    // web-host.ts forks the file of this name beside its own bundle.
    expect(readFileSync(entryFile, 'utf8')).toContain('new URL("./engine-host.js", import.meta.url)');
    const client = createEngineClient({ launch: forkEngineLauncher(entry) });
    try {
      const modelPath = writeTinyGguf(join(root, 'tiny.gguf'));
      const provider = createProcessEngineProvider(
        { serverId: 'built-in', engine: { modelPath, contextSize: 1024, threads: 1 }, runtime: { gpu: false } },
        client,
      );
      expect(await provider.capabilities('tiny.gguf')).toMatchObject({ tools: true, contextLength: 1024 });
    } finally {
      client.close();
    }
  });
});
