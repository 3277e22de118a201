import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../test-support/cleanups';
import type { PolicyPlaces } from './sandbox-policy';
import { commandInvocation, processesWith, runOutside, runSandboxed, runToEnd, until } from './testing/sandbox-run';
import { folderOutsideTmp, requireBubblewrap, requirePrograms } from './testing/require-bubblewrap';

/**
 * What an approved command can reach, tried with real programs: a real ssh-agent holding a key, a
 * real D-Bus session bus under a fake XDG_RUNTIME_DIR, plain and abstract UNIX sockets, the secret
 * files of a fake HOME, the workspace's git configuration, and the four bwrap flags by what they
 * do. Each one is first shown reachable from outside, so a refusal inside is the sandbox's doing.
 * Every folder is outside /tmp (the sandbox's /tmp is private, which would hide it anyway).
 */
const { defer } = cleanupAfterAll();
const CAP_SETFCAP = 1n << 31n;
let home = '';
let workspace = '';
let runtimeDir = '';
let dataDir = '';
let places: PolicyPlaces;
const outsideEnv = (): NodeJS.ProcessEnv => ({ PATH: process.env['PATH'], HOME: home });

function folder(prefix: string): string {
  const made = folderOutsideTmp(prefix);
  defer(made.remove);
  return made.path;
}

/** Starts a long-running program and ends it after the file's tests. */
function startDaemon(file: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  defer(() => {
    child.kill('SIGKILL');
  });
  return child;
}

function listen(server: Server, address: string): Promise<void> {
  defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return new Promise((resolve, reject) => server.once('error', reject).listen(address, resolve));
}

/** A node one-liner that connects to the UNIX socket `address` and prints CONNECTED or REFUSED and the error code. */
function connectLine(address: string): string {
  const script = `require('net').connect(${JSON.stringify(address)}).on('connect',()=>{console.log('CONNECTED');process.exit(0)}).on('error',e=>{console.log('REFUSED '+e.code);process.exit(3)})`;
  return `node -e ${quoted(script)}`;
}

/** A listener's answer: hello, and no complaint when the peer goes away first. */
function greet(peer: Socket): void {
  peer.on('error', () => undefined);
  peer.end('hello\n');
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

beforeAll(() => {
  requireBubblewrap();
  requirePrograms(['ssh-agent', 'ssh-add', 'ssh-keygen', 'dbus-daemon', 'dbus-send', 'script', 'git', 'setsid', 'node']);
  home = folder('taco-esc-home-');
  workspace = folder('taco-esc-ws-');
  runtimeDir = folder('taco-esc-run-');
  dataDir = folder('taco-esc-data-');
  places = { home, dataFolders: [dataDir], searchPath: process.env['PATH'] };
});

describe('sockets of other programs: reachable outside, refused inside', () => {
  it('ssh-agent with a key, its socket inside the workspace: ssh-add -L lists the key outside and fails inside', async () => {
    const socket = join(workspace, 'agent.sock');
    const agent = startDaemon('ssh-agent', ['-D', '-a', socket], outsideEnv());
    await until(() => existsSync(socket) || agent.exitCode !== null);
    mkdirSync(join(home, '.ssh'), { recursive: true });
    const key = join(home, '.ssh', 'id_ed25519');
    expect(runOutside(`ssh-keygen -q -t ed25519 -N '' -C taco-test-key -f ${quoted(key)}`, outsideEnv()).code).toBe(0);
    const agentEnv = { ...outsideEnv(), SSH_AUTH_SOCK: socket };
    expect(runOutside(`ssh-add ${quoted(key)}`, agentEnv).code).toBe(0);
    expect(runOutside('ssh-add -L', agentEnv).stdout).toContain('taco-test-key');

    const inside = await runSandboxed(`SSH_AUTH_SOCK=${quoted(socket)} ssh-add -L; echo "exit $?"`, { places, workspace, env: agentEnv });
    expect(inside.stdout).not.toContain('taco-test-key');
    expect(inside.stdout).toMatch(/exit [12]$/m);
    expect(inside.stdout + inside.stderr).toMatch(/Error connecting to agent|Could not open a connection|Operation not permitted/);
  });

  it('a D-Bus session bus under a fake XDG_RUNTIME_DIR: answers outside, cannot be reached inside (even with the variables passed)', async () => {
    const address = `unix:path=${join(runtimeDir, 'bus')}`;
    const daemon = startDaemon('dbus-daemon', ['--session', '--nofork', '--print-address', `--address=${address}`], outsideEnv());
    await until(() => existsSync(join(runtimeDir, 'bus')) || daemon.exitCode !== null);
    const busEnv = { ...outsideEnv(), XDG_RUNTIME_DIR: runtimeDir, DBUS_SESSION_BUS_ADDRESS: address };
    const ask = `dbus-send --bus=${quoted(address)} --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.ListNames`;
    const outside = runOutside(ask, busEnv);
    expect(outside.code).toBe(0);
    expect(outside.stdout).toContain('org.freedesktop.DBus');

    const inside = await runSandboxed(
      `${ask}; echo "exit $?"; echo "runtime=[$XDG_RUNTIME_DIR] bus=[$DBUS_SESSION_BUS_ADDRESS]"; ls ${quoted(runtimeDir)}`,
      {
        places,
        workspace,
        env: busEnv,
      },
    );
    expect(inside.stdout).not.toContain('org.freedesktop.DBus');
    expect(inside.stdout).toMatch(/exit [1-9]/);
    expect(inside.stdout).toContain('runtime=[] bus=[]');
    expect(inside.stderr).toMatch(/No such file or directory/);
  });

  it('a plain UNIX socket in the workspace (visible, writable folder): connects outside, refused inside', async () => {
    const socket = join(workspace, 'plain.sock');
    await listen(createServer(greet), socket);
    expect((await runToEnd('/bin/sh', ['-c', connectLine(socket)], outsideEnv())).stdout).toBe('CONNECTED\n');
    const inside = await runSandboxed(`ls plain.sock && ${connectLine(socket)}`, { places, workspace });
    expect(inside.stdout).toContain('plain.sock');
    expect(inside.stdout).toMatch(/^REFUSED E(PERM|ACCES)$/m);
    expect(inside.code).toBe(3);
  });

  it('a command run without asking (scratch) reaches no socket either, and leaves nothing in the workspace', async () => {
    const socket = join(workspace, 'scratch.sock');
    await listen(createServer(greet), socket);
    expect((await runToEnd('/bin/sh', ['-c', connectLine(socket)], outsideEnv())).stdout).toBe('CONNECTED\n');
    const inside = await runSandboxed(`${connectLine(socket)}; echo x > left-behind.txt; echo "write $?"`, {
      places,
      workspace,
      scratch: true,
    });
    expect(inside.stdout).toMatch(/^REFUSED E(PERM|ACCES)$/m);
    expect(inside.stdout).toMatch(/write [1-9]/);
    expect(existsSync(join(workspace, 'left-behind.txt'))).toBe(false);
  });

  it('an abstract UNIX socket (as X11 uses), with the network allowed: connects outside, refused inside', async () => {
    const name = `\0taco-abstract-${process.pid}`;
    await listen(createServer(greet), name);
    expect((await runToEnd('/bin/sh', ['-c', connectLine(name)], outsideEnv())).stdout).toBe('CONNECTED\n');
    const inside = await runSandboxed(connectLine(name), { places, workspace, hosts: ['example.com'] });
    expect(inside.stdout).toMatch(/^REFUSED E(PERM|ACCES)$/m);
  });
});

describe("the user's files: none of HOME is there", () => {
  const secrets = [
    '.ssh/id_rsa',
    '.bash_history',
    '.zsh_history',
    '.cargo/credentials.toml',
    '.pgpass',
    '.vault-token',
    '.config/git/credentials',
    '.config/rclone/rclone.conf',
    '.terraform.d/credentials.tfrc.json',
    '.config/containers/auth.json',
    '.config/Code/User/globalStorage/state.vscdb',
    '.ollama/id_ed25519',
    '.config/google-chrome/Default/Cookies',
    'snap/chromium/common/chromium/Default/Login Data',
    '.var/app/com.google.Chrome/config/google-chrome/Default/Cookies',
    '.mozilla/firefox/x.default/logins.json',
    '.config/TACO/settings.json',
    '.docker/config.json',
    '.aws/credentials',
  ];

  beforeAll(() => {
    for (const secret of secrets) {
      mkdirSync(dirname(join(home, secret)), { recursive: true });
      writeFileSync(join(home, secret), `secret-of-${secret}`);
    }
  });

  it('a command sees an empty HOME: no secret file is readable, none is even listed', async () => {
    const cats = secrets.map((secret) => `cat ${quoted(join(home, secret))}`).join('; ');
    const inside = await runSandboxed(`ls -A "$HOME" | wc -l; ${cats}; cat ${quoted(join(dataDir, 'x'))}`, { places, workspace });
    expect(inside.stdout.trim()).toBe('0');
    expect(inside.stdout + inside.stderr).not.toMatch(/secret-of-/);
  });

  it('with HOME itself as the workspace, the secret places are hidden inside it', async () => {
    const cats = secrets.map((secret) => `cat ${quoted(join(home, secret))} 2>/dev/null`).join('; ');
    const inside = await runSandboxed(`${cats}; echo done`, { places, workspace: home });
    expect(inside.stdout).toBe('done\n');
  });

  it("TACO's data folder inside the workspace is hidden", async () => {
    const data = join(workspace, '.taco-data');
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'note.txt'), 'data-secret');
    const inside = await runSandboxed(`cat .taco-data/note.txt; ls -A .taco-data | wc -l`, {
      places: { ...places, dataFolders: [data] },
      workspace,
    });
    expect(inside.stdout).not.toContain('data-secret');
    expect(inside.stdout.trim()).toBe('0');
  });

  it('a symlinked ~/.ssh and ~/.config (dotfile managers) no longer break every command, and show nothing', async () => {
    const linkedHome = folder('taco-esc-linked-home-');
    const dotfiles = folder('taco-esc-dotfiles-');
    mkdirSync(join(dotfiles, 'ssh'));
    mkdirSync(join(dotfiles, 'config', 'gh'), { recursive: true });
    writeFileSync(join(dotfiles, 'ssh', 'id_ed25519'), 'linked-ssh-secret');
    writeFileSync(join(dotfiles, 'config', 'gh', 'hosts.yml'), 'linked-gh-secret');
    symlinkSync(join(dotfiles, 'ssh'), join(linkedHome, '.ssh'));
    symlinkSync(join(dotfiles, 'config'), join(linkedHome, '.config'));
    const linkedPlaces = { ...places, home: linkedHome };
    for (const where of [workspace, linkedHome]) {
      const inside = await runSandboxed('cat ~/.ssh/id_ed25519 ~/.config/gh/hosts.yml 2>/dev/null; echo ran', {
        places: linkedPlaces,
        workspace: where,
        env: { PATH: process.env['PATH'], HOME: linkedHome },
      });
      expect(inside.stderr).not.toMatch(/bwrap/);
      expect(inside.stdout).toBe('ran\n');
    }
  });
});

describe("the workspace's git configuration cannot gain what the user's next git would run", () => {
  it('core.fsmonitor, core.hooksPath and a hook cannot be planted, nor .git swapped for another; the workspace stays writable', async () => {
    const repo = folder('taco-esc-repo-');
    expect(runOutside(`git init -q ${quoted(repo)}`, outsideEnv()).code).toBe(0);
    const before = readFileSync(join(repo, '.git', 'config'), 'utf8');
    const inside = await runSandboxed(
      [
        'git config core.fsmonitor "touch planted"; echo "fsmonitor $?"',
        'git config core.hooksPath .; echo "hookspath $?"',
        'echo "touch planted" > .git/hooks/pre-commit; echo "hook $?"',
        'mv .git/config .git/config.old; echo "move $?"',
        'mv .git .git-old; echo "swap $?"',
        'echo ok > file.txt; echo "write $?"',
        'git add file.txt && git -c user.name=t -c user.email=t@example.com commit -qm inside; echo "commit $?"',
      ].join('; '),
      { places, workspace: repo },
    );
    expect(inside.stdout).toMatch(/fsmonitor [1-9]/);
    expect(inside.stdout).toMatch(/hookspath [1-9]/);
    expect(inside.stdout).toMatch(/hook [1-9]/);
    expect(inside.stdout).toMatch(/move [1-9]/);
    expect(inside.stdout).toMatch(/swap [1-9]/);
    expect(inside.stdout).toContain('write 0');
    expect(inside.stdout).toContain('commit 0');
    expect(readFileSync(join(repo, '.git', 'config'), 'utf8')).toBe(before);
    expect(existsSync(join(repo, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });
});

describe('the four bwrap flags, by what they do (each also shown failing with the flag taken out)', () => {
  /** The sandbox argv for `line` without `flags` (the flag and, for --cap-drop, its value and the cap-add after it). */
  async function without(line: string, flags: string[]): Promise<{ file: string; args: string[] }> {
    const invocation = await commandInvocation(line, { places, workspace });
    const args: string[] = [];
    for (let index = 0; index < invocation.args.length; index++) {
      const arg = invocation.args[index]!;
      if (!flags.includes(arg)) args.push(arg);
      else if (arg === '--cap-drop') index += invocation.args[index + 2] === '--cap-add' ? 3 : 1;
    }
    return { file: invocation.file, args };
  }

  it('--unshare-pid (and the helper’s own pid namespace): a process started in the background, in its own session, does not outlive the run', async () => {
    const marker = `86401.${process.pid}`;
    // Written in two halves, so that only the sleep carries the marker; the run ends once it is started.
    const half = `864""01.${process.pid}`;
    const line = `printf %s ${half} > /tmp/m; (setsid sleep ${half} >/dev/null 2>&1 &); until grep -qsF -f /tmp/m /proc/[0-9]*/cmdline; do :; done; echo started`;
    const ran = await runSandboxed(line, { places, workspace });
    expect(ran.stdout).toBe('started\n');
    expect(processesWith(`sleep\0${marker}`)).toEqual([]);
  });

  it('--die-with-parent: when the process that started the sandbox is killed, the sandbox ends', { timeout: 60_000 }, async () => {
    /** Starts the sandbox under a shell, kills the shell once the sandbox runs; bwrap's process id. */
    const startAndOrphan = async (invocation: { file: string; args: string[] }, marker: string): Promise<number> => {
      const parent = spawn('/bin/sh', ['-c', '"$@" & wait', 'sh', invocation.file, ...invocation.args], {
        stdio: 'ignore',
        env: outsideEnv(),
      });
      await until(() => processesWith(`sleep\0${marker}`).length > 0);
      const bwrap = processesWith(marker).find((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'bwrap');
      parent.kill('SIGKILL');
      await new Promise((resolve) => parent.once('exit', resolve));
      return bwrap ?? -1;
    };
    // With the flag: the kernel kills bwrap as its parent exits, and everything inside goes with it.
    const kept = `86402.${process.pid}`;
    await startAndOrphan(await commandInvocation(`sleep ${kept}`, { places, workspace }), kept);
    await until(() => processesWith(kept).length === 0);
    // Without it: when the parent's exit is seen, bwrap is alive and no kill is on its way to it.
    const loose = `86403.${process.pid}`;
    const orphan = await startAndOrphan(await without(`sleep ${loose}`, ['--die-with-parent']), loose);
    const status = readFileSync(`/proc/${orphan}/status`, 'utf8');
    for (const pid of processesWith(loose)) process.kill(pid, 'SIGKILL');
    expect(status).not.toMatch(/State:\s+Z/);
    const pending = [...status.matchAll(/^(SigPnd|ShdPnd):\s*([0-9a-f]+)/gm)].map((match) => BigInt(`0x${match[2]}`));
    expect(pending.some((mask) => (mask & (1n << 8n)) !== 0n)).toBe(false);
  });

  it('--new-session: started from a terminal, the command has no controlling terminal to type into', async () => {
    const line = 'if (exec 3</dev/tty) 2>/dev/null; then echo HAS-TTY; else echo NO-TTY; fi';
    const underTerminal = (invocation: { file: string; args: string[] }) =>
      runToEnd('script', ['-qec', [invocation.file, ...invocation.args].map(quoted).join(' '), '/dev/null'], outsideEnv(), workspace);
    expect((await underTerminal({ file: '/bin/sh', args: ['-c', line] })).stdout).toContain('HAS-TTY');
    expect((await underTerminal(await commandInvocation(line, { places, workspace }))).stdout).toContain('NO-TTY');
    expect((await underTerminal(await without(line, ['--new-session']))).stdout).toContain('HAS-TTY');
  });

  it('--cap-drop ALL: bwrap inside (pid 1) holds no capability (but CAP_SETFCAP as root, for the helper)', async () => {
    // The command itself runs in the helper's own user namespace: what it holds there is no power over anything outside it.
    const line = 'grep CapEff /proc/1/status';
    const held = (stdout: string): bigint[] =>
      [...stdout.matchAll(/CapEff:\s*([0-9a-f]+)/g)].map((match) => BigInt(`0x${match[1]}`) & ~CAP_SETFCAP);
    const dropped = await runSandboxed(line, { places, workspace });
    expect(held(dropped.stdout)).toEqual([0n]);
    const kept = await without(line, ['--cap-drop']);
    const loose = await runToEnd(kept.file, kept.args, outsideEnv(), workspace);
    expect(held(loose.stdout).some((caps) => caps !== 0n)).toBe(true);
  });

  it('--unshare-pid: no process outside is visible (nor its /proc/<pid>/fd)', async () => {
    const marker = `86404.${process.pid}`;
    const outside = spawn('sleep', [marker], { stdio: 'ignore' });
    defer(() => {
      outside.kill('SIGKILL');
    });
    await until(() => processesWith(marker).length > 0);
    // The marker is written in two halves, so the shell and grep that look for it do not carry it.
    const [head, tail] = [marker.slice(0, 3), marker.slice(3)];
    const line = `printf %s ${head}""${tail} > /tmp/m; grep -l -F -f /tmp/m /proc/[0-9]*/cmdline 2>/dev/null | grep -v self; ls /proc/${outside.pid}/fd >/dev/null 2>&1 && echo SEES-FD; echo checked`;
    const inside = await runSandboxed(line, { places, workspace });
    expect(inside.stdout).not.toContain('/proc/');
    expect(inside.stdout).toBe('checked\n');
    const open = await without(line, ['--unshare-pid']);
    expect((await runToEnd(open.file, open.args, outsideEnv(), workspace)).stdout).toContain('/proc/');
  });
});
