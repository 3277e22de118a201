import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpServerConfig } from '../../../../shared/mcp/mcp';
import type { McpClientHooks } from '../connection/mcp-client-hooks';
import type { ProcessGroupTransport } from './process-group-transport';
import { openServer, ServerStartError, type OpenedServer, type OpenOptions } from './server-transport';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.join(here, '../../../../test-support/mcp/environment-server.mjs');
const SILENT = path.join(here, '../../../../test-support/mcp/silent-server.mjs');
/** The folder `node` is found in: the PATH these servers are given. */
const NODE_FOLDER = path.dirname(process.execPath);
const START_TIMEOUT_MS = 120_000;

interface Started {
  env: Record<string, string>;
  cwd: string;
  argv: string[];
  initialize: { clientInfo: { name: string; version: string }; capabilities: Record<string, unknown> };
}

const opened: OpenedServer[] = [];
const folders: string[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of opened.splice(0)) await server.client.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(path.join(os.tmpdir(), 'taco-stdio-'));
  folders.push(made);
  return made;
}

function options(config: McpServerConfig, extra: Partial<OpenOptions> = {}): OpenOptions {
  return {
    name: 'stdio-test',
    config,
    initializeTimeoutMs: START_TIMEOUT_MS,
    pathValue: NODE_FOLDER,
    onProcess: () => undefined,
    onToolsChanged: () => undefined,
    clientVersion: '9.8.7',
    ...extra,
  };
}

async function open(config: McpServerConfig, extra: Partial<OpenOptions> = {}): Promise<{ server: OpenedServer; started: Started }> {
  const server = await openServer(options(config, extra));
  opened.push(server);
  return { server, started: JSON.parse(server.client.getInstructions() ?? '{}') as Started };
}

async function failure(config: McpServerConfig, extra: Partial<OpenOptions> = {}): Promise<string> {
  const error: unknown = await openServer(options(config, extra)).then(
    (server) => {
      opened.push(server);
      return new Error('the server opened');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServerStartError);
  return (error as Error).message;
}

describe('a command server over stdio', { timeout: START_TIMEOUT_MS }, () => {
  it('inherits only the safe basics (no shell function), then gets our PATH, then its own environment over both', async () => {
    vi.stubEnv('HOME', '/home/someone');
    vi.stubEnv('LOGNAME', 'someone');
    vi.stubEnv('SHELL', '/bin/zsh');
    vi.stubEnv('TERM', '() { echo exported function; }');
    vi.stubEnv('USER', 'someone (really)');
    vi.stubEnv('LANG', 'de_DE.UTF-8');
    vi.stubEnv('TMPDIR', '/tmp/someone');
    vi.stubEnv('TACO_PRIVATE_KEY', 'never-inherited');
    const pathValue = `${NODE_FOLDER}${path.delimiter}/opt/our-tools`;
    const { started } = await open({ command: 'node', args: [SERVER], env: { LANG: 'C', OWN_SETTING: 'on' } }, { pathValue });
    expect(started.env).toEqual({
      HOME: '/home/someone',
      LOGNAME: 'someone',
      SHELL: '/bin/zsh',
      USER: 'someone (really)',
      LANG: 'C',
      TMPDIR: '/tmp/someone',
      PATH: pathValue,
      OWN_SETTING: 'on',
    });
  });

  it('an unset basic is left out, a plain TERM and LANG are kept, and its own PATH wins over ours', async () => {
    vi.stubEnv('LOGNAME', undefined);
    vi.stubEnv('TERM', 'xterm-256color');
    vi.stubEnv('LANG', 'fr_FR.UTF-8');
    const { started } = await open({ command: 'node', args: [SERVER], env: { PATH: '/only/mine' } });
    expect(started.env).not.toHaveProperty('LOGNAME');
    expect(started.env).toMatchObject({ TERM: 'xterm-256color', LANG: 'fr_FR.UTF-8' });
    expect(started.env['PATH']).toBe('/only/mine');
  });

  it('gets its arguments as given, and runs in its working folder (relative to ours) or else in ours', async () => {
    const work = folder();
    const { started, server } = await open({ command: 'node', args: [SERVER, 'a b', '--flag'], cwd: path.relative(process.cwd(), work) });
    expect(started.argv).toEqual(['a b', '--flag']);
    expect(started.cwd).toBe(realpathSync(work));
    expect(server.via).toBe('stdio');
    const plain = await open({ command: 'node', args: [SERVER] });
    expect(plain.started.cwd).toBe(realpathSync(process.cwd()));
    expect(plain.started.argv).toEqual([]);
  });

  it('a relative command is found from its working folder, not from ours', async () => {
    const work = folder();
    symlinkSync(process.execPath, path.join(work, 'node-here'));
    const { started } = await open({ command: './node-here', args: [SERVER, 'found'], cwd: work }, { pathValue: '' });
    expect(started.argv).toEqual(['found']);
  });

  it('hands its process over as soon as it exists, and returns the same one with the client', async () => {
    const handed: ProcessGroupTransport[] = [];
    const { server } = await open({ command: 'node', args: [SERVER] }, { onProcess: (process) => handed.push(process) });
    expect(handed).toHaveLength(1);
    expect(server.process).toBe(handed[0]);
    expect(server.transport).toBe(handed[0]);
    expect(server.process?.pid).toEqual(expect.any(Number));
  });

  it('introduces itself as TACO with its version; asks for elicitation (with defaults filled) only when someone answers it', async () => {
    const plain = await open({ command: 'node', args: [SERVER] });
    expect(plain.started.initialize.clientInfo).toEqual({ name: 'TACO', version: '9.8.7' });
    expect(plain.started.initialize.capabilities).toEqual({});
    const hooks: McpClientHooks = { elicit: () => Promise.resolve({ action: 'decline' }) };
    const asking = await open({ command: 'node', args: [SERVER] }, { hooks });
    expect(asking.started.initialize.capabilities).toEqual({ elicitation: { form: { applyDefaults: true } } });
  });

  it("passes the server's question to the elicitation hook with its name, and a changed tool list to onToolsChanged", async () => {
    let changed: () => void = () => undefined;
    const toolsChanged = new Promise<void>((resolve) => (changed = resolve));
    let asked: (call: unknown[]) => void = () => undefined;
    const question = new Promise<unknown[]>((resolve) => (asked = resolve));
    const hooks: McpClientHooks = {
      elicit: (...call) => {
        asked(call);
        return Promise.resolve({ action: 'decline' });
      },
    };
    await open({ command: 'node', args: [SERVER, 'changed', 'elicit'] }, { hooks, onToolsChanged: () => changed() });
    await toolsChanged;
    const [server, params, signal] = await question;
    expect(server).toBe('stdio-test');
    expect(params).toMatchObject({ message: 'Which colour?' });
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('a command that is nowhere on PATH fails with what was tried, and no process is started', async () => {
    const onProcess = vi.fn();
    const empty = folder();
    const message = await failure({ command: 'taco-no-such-command' }, { pathValue: empty, onProcess });
    expect(message).toContain('taco-no-such-command');
    expect(message).toContain(path.join(empty, 'taco-no-such-command'));
    expect(onProcess).not.toHaveBeenCalled();
  });

  it('a sandbox entry with a wrong network list is refused in words before anything starts', async () => {
    const onProcess = vi.fn();
    const message = await failure(
      { command: 'node', args: [SERVER], sandbox: { write: [], network: ['not a host name!'] } },
      { onProcess },
    );
    expect(message).toMatch(/^Server "stdio-test" is not started: its sandbox's network list is wrong\./);
    expect(onProcess).not.toHaveBeenCalled();
  });

  it('a working folder that does not exist says so (ENOENT)', async () => {
    const message = await failure({ command: 'node', args: [SERVER], cwd: path.join(folder(), 'gone') });
    expect(message).toBe(
      '`node` could not be started: the command or its working folder does not exist (ENOENT). Give the full path to the command or fix "cwd".',
    );
  });

  it('a server that exits while starting is described by its exit', async () => {
    const message = await failure({ command: 'node', args: [SERVER, 'exit'] });
    expect(message).toMatch(/^The server exited during startup \(.*\b3\b.*\)\. See its last lines of output below\.$/);
  });

  it('a server that never answers "initialize" is named by its command, called stdio, and its process is ended', async () => {
    const handed: ProcessGroupTransport[] = [];
    const message = await failure(
      { command: 'node', args: [SILENT] },
      { initializeTimeoutMs: 1, onProcess: (process) => handed.push(process) },
    );
    expect(message).toBe(
      'The server did not answer "initialize" within 0 s (`node`). Check that it is an MCP server speaking stdio, then restart it.',
    );
    expect(handed[0]?.exit).not.toBeNull();
  });
});
