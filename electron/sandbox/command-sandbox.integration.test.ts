import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../test-support/fake-ollama/fake-ollama-server';
import { NETWORK_PREFIX, WRITE_PREFIX } from '../../test-support/fake-ollama/scenarios/tools/run-command';
import { cleanupAfterAll } from '../../test-support/cleanups';
import { runCli } from '../hosts/cli/run-cli';
import { folderOutsideTmp, requireBubblewrap } from './testing/require-bubblewrap';

/**
 * run_command in the OS sandbox, through the real CLI (in this process), loop and tool with `--approve all` against
 * the fake Ollama (scenario `run-command`: the prompt is the command). HOME, the workspace, the
 * data folder and the folder outside the workspace are all outside /tmp (the sandbox's /tmp is
 * private, which would hide anything there whatever the policy says).
 */
let ollama: FakeOllama;
let listener: Server;
let port = 0;
let home = '';
let workspace = '';
let dataDir = '';
let outside = '';
const SECRET = 'ssh-secret-3f9a';
const DATA_SECRET = 'taco-data-secret-77c1';
const { defer } = cleanupAfterAll();
const realHome = process.env['HOME'];

beforeAll(async () => {
  requireBubblewrap();
  for (const [name, set] of [
    ['taco-sbx-home-', (path: string) => (home = path)],
    ['taco-sbx-ws-', (path: string) => (workspace = path)],
    ['taco-sbx-data-', (path: string) => (dataDir = path)],
    ['taco-sbx-outside-', (path: string) => (outside = path)],
  ] as const) {
    const folder = folderOutsideTmp(name);
    defer(folder.remove);
    set(folder.path);
  }
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_ed25519'), SECRET);
  writeFileSync(join(dataDir, 'secret-note.txt'), DATA_SECRET);
  ollama = await startFakeOllama({ scenario: 'run-command' });
  defer(() => ollama.close());
  listener = createServer((socket) => socket.end('hello from the host\n'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  defer(() => new Promise<void>((resolve) => listener.close(() => resolve())));
  const address = listener.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
  // The sandbox hides the secret places under HOME (os.homedir(), read at each command).
  process.env['HOME'] = home;
});

afterAll(() => {
  process.env['HOME'] = realHome;
});

type CommandResult = { exit_code: number | null; stdout: string; stderr: string; sandbox: string };

/** One CLI run whose model calls run_command with `command`; the tool's parsed result. */
async function runCommand(command: string): Promise<CommandResult> {
  const { events, err } = await cliRun(command, dataDir, 'all');
  const results = events.filter((event) => event.type === 'tool-result');
  expect(results, err).toHaveLength(1);
  return JSON.parse(String(results[0]?.result)) as CommandResult;
}

/** The CLI in this process with `--approve approve`; its events. */
async function cliRun(
  command: string,
  data: string,
  approve: 'all' | 'none',
): Promise<{ events: Array<Record<string, unknown>>; err: string }> {
  let out = '';
  let err = '';
  const io = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: {},
    onInterrupt: () => () => undefined,
  };
  const argv = [
    '--host',
    ollama.url,
    '--model',
    'llama3.2:3b',
    '--data-dir',
    data,
    '--workspace',
    workspace,
    '--approve',
    approve,
    '--json',
    command,
  ];
  await runCli(argv, io);
  const events = out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { events, err };
}

/** A node one-liner that connects to the test's loopback listener and prints what happened. */
function connectCommand(): string {
  const script = `require('net').connect(${port},'127.0.0.1').on('data',d=>{process.stdout.write('GOT '+d);process.exit(0)}).on('error',e=>{console.log('FAILED '+e.code);process.exit(3)})`;
  return `'${process.execPath}' -e "${script}"`;
}

/** The same, through the proxy HTTPS_PROXY names inside the sandbox: a CONNECT tunnel to the listener. */
function proxiedConnectCommand(): string {
  const script = `const p=new URL(process.env.HTTPS_PROXY);require('http').request({host:p.hostname,port:p.port,method:'CONNECT',path:'127.0.0.1:${port}'}).on('connect',(r,s)=>{if(r.statusCode!==200){console.log('REFUSED '+r.statusCode);process.exit(4)}s.on('data',d=>{process.stdout.write('GOT '+d);process.exit(0)})}).on('error',e=>{console.log('FAILED '+e.code);process.exit(3)}).end()`;
  return `'${process.execPath}' -e "${script}"`;
}

describe('run_command in the sandbox (bubblewrap, through the real loop with --approve all)', () => {
  it('can write inside the workspace', async () => {
    const result = await runCommand('echo made-inside > inside.txt');
    expect(result.exit_code).toBe(0);
    expect(readFileSync(join(workspace, 'inside.txt'), 'utf8')).toBe('made-inside\n');
    expect(result.sandbox).toMatch(
      /^Can change only your workspace · no network · sees your workspace, the system's programs; nothing else of your home folder/,
    );
  });

  it('cannot write outside the workspace', async () => {
    const target = join(outside, 'escaped.txt');
    const result = await runCommand(`echo escaped > '${target}'`);
    expect(result.exit_code).not.toBe(0);
    // The folder is not there at all inside: only the workspace and the system folders are.
    expect(result.stderr).toMatch(/Directory nonexistent|No such file or directory/);
    expect(existsSync(target)).toBe(false);
  });

  it("cannot read a file under HOME's .ssh", async () => {
    const result = await runCommand(`cat "$HOME/.ssh/id_ed25519"`);
    expect(result.exit_code).not.toBe(0);
    expect(result.stdout).not.toContain(SECRET);
    expect(result.stderr).toMatch(/No such file or directory/);
  });

  it("cannot read TACO's data folder", async () => {
    const result = await runCommand(`cat '${join(dataDir, 'secret-note.txt')}'; ls -a '${dataDir}'`);
    expect(result.stdout).not.toContain(DATA_SECRET);
    expect(result.stdout).not.toContain('secret-note.txt');
    expect(result.stderr).toMatch(/No such file or directory/);
  });

  it('cannot connect to a loopback port when the network was not allowed', async () => {
    const result = await runCommand(connectCommand());
    expect(result.stdout).toMatch(/^FAILED /);
    expect(result.stdout).not.toContain('hello from the host');
    expect(result.exit_code).toBe(3);
  });

  it('with the network allowed for this listener, reaches it through the proxy, and only so', async () => {
    const allowed = `127.0.0.1:${port}`;
    const result = await runCommand(`${NETWORK_PREFIX}${allowed} ${connectCommand()}; ${proxiedConnectCommand()}`);
    // Straight to the port: the sandbox's own loopback, where nothing listens.
    expect(result.stdout).toMatch(/^FAILED ECONNREFUSED$/m);
    // Through HTTPS_PROXY (a CONNECT tunnel, as curl and pip make one): the host's listener answers.
    expect(result.stdout).toMatch(/^GOT hello from the host$/m);
    expect(result.sandbox).toMatch(
      new RegExp(`^Can change only your workspace · network: only ${allowed.replace(/\./g, '\\.')}, through TACO's proxy ·`),
    );
  });
});

describe('"Run commands without asking when they can change nothing" (settings; --approve none denies every question)', () => {
  let scratchData = '';
  beforeAll(() => {
    const folder = folderOutsideTmp('taco-sbx-scratch-data-');
    defer(folder.remove);
    scratchData = folder.path;
    const settings = { format: 'taco-settings', version: 1, settings: { runScratchCommandsWithoutAsking: true } };
    writeFileSync(join(scratchData, 'settings.json'), JSON.stringify(settings));
  });

  it('a command runs without a question, the workspace read-only: it reads but cannot write', async () => {
    writeFileSync(join(workspace, 'readme.txt'), 'visible');
    const { events } = await cliRun(`cat readme.txt; echo changed > readme.txt`, scratchData, 'none');
    expect(events.filter((event) => event.type === 'approval-request')).toEqual([]);
    const result = JSON.parse(String(events.find((event) => event.type === 'tool-result')?.result)) as CommandResult;
    expect(result.stdout).toBe('visible');
    expect(result.stderr).toMatch(/Read-only file system/);
    expect(readFileSync(join(workspace, 'readme.txt'), 'utf8')).toBe('visible');
    expect(result.sandbox).toMatch(
      /^Can change nothing outside its own \/tmp · no network · sees your workspace \(read-only\).*write_workspace: true/,
    );
  });

  it('a command that asks for the network, or to write the workspace, still asks (and --approve none denies it)', async () => {
    for (const prompt of [`${NETWORK_PREFIX}example.com true`, `${WRITE_PREFIX}true`]) {
      const { events } = await cliRun(prompt, scratchData, 'none');
      expect(events.filter((event) => event.type === 'approval-request')).toHaveLength(1);
      expect(events.filter((event) => event.type === 'tool-result')).toEqual([]);
    }
  });
});
