import { spawn, type StdioOptions } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../../test-support/cleanups';
import { folderOutsideTmp, requireBubblewrap, requirePrograms } from '../../../sandbox/testing/require-bubblewrap';

/**
 * A socket TACO was started with (left open, without close-on-exec, by whatever launched it: a
 * terminal, a desktop launcher, a session's D-Bus connection) is already connected: the sandbox's
 * seccomp filter, which refuses making UNIX sockets, cannot stop a child writing to it. Real
 * processes: a listener, a stand-in TACO holding a connection to it at descriptor 100, and a
 * sandboxed command and an MCP server's process that try to write to that descriptor.
 */
const CHILD = fileURLToPath(new URL('./testing/inherited-descriptor-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const INHERITED_FD = 100;
/** Writes a line to descriptor 100 if it is a socket there, and says whether it could. */
const WRITE_LINE = `ls -l /proc/self/fd/; perl -e 'open(my $f, ">&=", ${INHERITED_FD}) or die "NOT-OPEN $!\\n"; -S $f or die "NOT-A-SOCKET\\n"; syswrite($f, "from-the-child\\n") or die "NOT-WRITTEN $!\\n"; print "WROTE\\n"'`;

const { defer } = cleanupAfterAll();
let workspace = '';
let home = '';
let socketPath = '';
const received: string[] = [];

function folder(prefix: string): string {
  const made = folderOutsideTmp(prefix);
  defer(made.remove);
  return made.path;
}

/** Starts the stand-in TACO with a connection to the listener at descriptor 100; what its child printed. */
async function runHolding(mode: 'command' | 'server'): Promise<string> {
  const held: Socket = await new Promise((resolve, reject) => {
    const socket = connect(socketPath, () => resolve(socket)).once('error', reject);
  });
  defer(() => {
    held.destroy();
  });
  const stdio: StdioOptions = ['ignore', 'pipe', 'pipe', ...Array<'ignore'>(INHERITED_FD - 3).fill('ignore'), held];
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, WRITE_LINE, workspace, home, join(home, 'data')], {
    cwd: ROOT,
    stdio,
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise((resolve) => child.once('close', resolve));
  expect(code, err).toBe(0);
  return out;
}

beforeAll(async () => {
  requireBubblewrap();
  requirePrograms(['perl', 'ls']);
  workspace = folder('taco-fd-ws-');
  home = folder('taco-fd-home-');
  mkdirSync(join(home, 'data'));
  socketPath = join(folder('taco-fd-sock-'), 'listener.sock');
  const server = createServer((peer) => {
    peer.on('data', (chunk: Buffer) => received.push(chunk.toString()));
    peer.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
});

describe('descriptors TACO was started with never reach its children', () => {
  it('the stand-in really holds the connection: its own write arrives (the control)', async () => {
    const before = received.length;
    const held: Socket = await new Promise((resolve, reject) => {
      const socket = connect(socketPath, () => resolve(socket)).once('error', reject);
    });
    const child = spawn('perl', ['-e', WRITE_LINE.slice(WRITE_LINE.indexOf("'") + 1, -1)], {
      stdio: ['ignore', 'pipe', 'pipe', ...Array<'ignore'>(INHERITED_FD - 3).fill('ignore'), held],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.once('close', resolve));
    held.destroy();
    expect(out).toContain('WROTE');
    await expect.poll(() => received.slice(before).join('')).toContain('from-the-child');
  });

  it('a sandboxed command (run_command) finds nothing at that descriptor to write to', async () => {
    const out = await runHolding('command');
    expect(out).not.toMatch(new RegExp(`\\b${INHERITED_FD} -> socket:`));
    expect(out).not.toContain('WROTE');
  });

  it("an MCP server's process finds nothing at that descriptor to write to", async () => {
    const out = await runHolding('server');
    expect(out).not.toMatch(new RegExp(`\\b${INHERITED_FD} -> socket:`));
    expect(out).not.toContain('WROTE');
  });

  it('so the listener heard only the control', () => {
    expect(received.join('').split('from-the-child').length - 1).toBe(1);
  });
});
