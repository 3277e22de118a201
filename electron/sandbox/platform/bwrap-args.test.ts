import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { bwrapArgs, type BwrapHost, type PathKind } from './bwrap-args';
import { NO_NETWORK } from '../network/host-allow-list';
import { commandPolicy, mcpServerPolicy, scratchPolicy, toolFolders } from '../sandbox-policy';

const places = { home: '/home/ana', dataFolders: ['/home/ana/.config/TACO', '/home/ana/project/.taco-data'] };
const onDisk: Record<string, PathKind> = {
  '/home/ana/.ssh': 'folder',
  '/home/ana/.netrc': 'file',
  '/home/ana/.config/TACO': 'folder',
  '/home/ana/project/.taco-data': 'folder',
  '/home/ana/project/.git': 'folder',
  '/home/ana/project/.git/config': 'file',
  '/home/ana/project/.git/hooks': 'folder',
  '/etc/shadow': 'file',
  '/etc/ssh': 'folder',
};
const links: Record<string, string> = { '/home/ana/work': '/home/ana/project', '/tmp/keys': '/home/ana/.ssh' };
const host: BwrapHost = {
  kindOf: (path) => onDisk[path] ?? null,
  realPathOf: (path) => links[path] ?? path,
  seccompHelper: '/opt/taco/apply-seccomp',
  asRoot: false,
};

/** The `[flag, a, b]` triples of an argv, for order-free checks. */
function mounts(args: string[], flag: string): string[] {
  return args.flatMap((arg, index) => (arg === flag ? [args[index + 1]!] : []));
}

describe('bwrapArgs: only what a command needs is there', () => {
  const command = bwrapArgs(commandPolicy({ ...places, workspace: '/home/ana/project', network: NO_NETWORK }), '/home/ana/project', host);

  it('binds the system folders read-only and never / , /home, /run, /var or the runtime dir', () => {
    expect(mounts(command, '--ro-bind-try')).toEqual(expect.arrayContaining([...DEFAULTS.sandbox.systemFolders]));
    const sources = command.filter((_, index) => ['--ro-bind', '--ro-bind-try', '--bind', '--bind-try'].includes(command[index - 1] ?? ''));
    for (const forbidden of ['/', '/home', '/home/ana', '/run', '/var', '/var/run', '/root', '/tmp'])
      expect(sources).not.toContain(forbidden);
    expect(command).not.toContain('/run/user/1000');
  });

  it('gives a fresh, empty HOME and /tmp, and the workspace writable where it really is', () => {
    expect(mounts(command, '--tmpfs')).toEqual(expect.arrayContaining(['/tmp', '/home/ana']));
    expect(mounts(command, '--bind-try')).toEqual(['/home/ana/project']);
    const linked = bwrapArgs(commandPolicy({ ...places, workspace: '/home/ana/work', network: NO_NETWORK }), '/home/ana/work', host);
    expect(mounts(linked, '--bind-try')).toEqual(['/home/ana/project']);
    expect(linked.slice(linked.indexOf('--chdir'), linked.indexOf('--chdir') + 2)).toEqual(['--chdir', '/home/ana/project']);
    // The workspace's bind comes after the fresh HOME that would otherwise cover it.
    expect(command.indexOf('/home/ana/project')).toBeGreaterThan(command.lastIndexOf('/home/ana', command.indexOf('/home/ana/project')));
  });

  it("covers the workspace's .git/config and .git/hooks read-only, after the workspace's bind", () => {
    const bind = command.indexOf('--bind-try');
    const self = command.indexOf('/home/ana/project/.git');
    expect(command.slice(self - 1, self + 2)).toEqual(['--bind', '/home/ana/project/.git', '/home/ana/project/.git']);
    expect(self).toBeGreaterThan(bind);
    expect(command.indexOf('/home/ana/project/.git/config')).toBeGreaterThan(self);
    for (const guarded of ['/home/ana/project/.git/config', '/home/ana/project/.git/hooks']) {
      const at = command.indexOf(guarded);
      expect(command[at - 1]).toBe('--ro-bind-try');
      expect(at).toBeGreaterThan(bind);
    }
    const noRepo = bwrapArgs(commandPolicy({ ...places, workspace: '/srv/plain', network: NO_NETWORK }), '/srv/plain', host);
    expect(noRepo.some((arg) => arg.includes('.git'))).toBe(false);
  });

  it('hides the secret paths that lie inside a bound folder, after binding it; the others need no hiding', () => {
    const at = command.indexOf('/home/ana/project/.taco-data');
    expect(command[at - 1]).toBe('--tmpfs');
    expect(at).toBeGreaterThan(command.indexOf('--bind-try'));
    expect(command).not.toContain('/home/ana/.ssh');
    const wholeHome = bwrapArgs(commandPolicy({ ...places, workspace: '/home/ana', network: NO_NETWORK }), '/home/ana', host);
    expect(wholeHome[wholeHome.indexOf('/home/ana/.ssh') - 1]).toBe('--tmpfs');
    expect(wholeHome.slice(wholeHome.indexOf('/home/ana/.netrc') - 2, wholeHome.indexOf('/home/ana/.netrc') + 1)).toEqual([
      '--ro-bind',
      '/dev/null',
      '/home/ana/.netrc',
    ]);
    expect(wholeHome.indexOf('/home/ana/.config/TACO')).toBeGreaterThan(wholeHome.indexOf('--bind-try'));
  });

  it('starts with the system folders and gives a fresh /dev and /proc of its own', () => {
    expect(command.slice(0, 3)).toEqual(['--ro-bind-try', DEFAULTS.sandbox.systemFolders[0], DEFAULTS.sandbox.systemFolders[0]]);
    expect(command.slice(command.indexOf('--dev'), command.indexOf('--dev') + 4)).toEqual(['--dev', '/dev', '--proc', '/proc']);
  });

  it('hides a secret inside any one of several bound folders, and nothing that is not there', () => {
    const withTools = bwrapArgs(
      commandPolicy({ ...places, searchPath: '/home/ana/.nvm/versions/node/v20/bin', workspace: '/home/ana/project', network: NO_NETWORK }),
      '/home/ana/project',
      host,
    );
    expect(mounts(withTools, '--ro-bind-try')).toContain('/home/ana/.nvm/versions/node/v20');
    expect(mounts(withTools, '--tmpfs')).toContain('/home/ana/project/.taco-data');
    const wholeHome = bwrapArgs(commandPolicy({ ...places, workspace: '/home/ana', network: NO_NETWORK }), '/home/ana', host);
    expect(wholeHome).not.toContain('/home/ana/.gnupg');
  });

  it('covers the secret system files among the system folders', () => {
    expect(command.slice(command.indexOf('/etc/shadow') - 2, command.indexOf('/etc/shadow') + 1)).toEqual([
      '--ro-bind',
      '/dev/null',
      '/etc/shadow',
    ]);
    expect(command[command.indexOf('/etc/ssh') - 1]).toBe('--tmpfs');
    expect(command.indexOf('/etc/shadow')).toBeGreaterThan(command.indexOf('/etc'));
  });

  it('runs the program under the seccomp helper, bound read-only, with the isolating flags', () => {
    expect(command.slice(-2)).toEqual(['--', '/opt/taco/apply-seccomp']);
    expect(command.slice(command.indexOf('/opt/taco/apply-seccomp') - 1, command.indexOf('/opt/taco/apply-seccomp') + 2)).toEqual([
      '--ro-bind',
      '/opt/taco/apply-seccomp',
      '/opt/taco/apply-seccomp',
    ]);
    for (const flag of ['--unshare-net', '--unshare-pid', '--unshare-user', '--die-with-parent', '--new-session'])
      expect(command).toContain(flag);
    expect(command.slice(command.indexOf('--cap-drop'), command.indexOf('--cap-drop') + 2)).toEqual(['--cap-drop', 'ALL']);
    expect(command).not.toContain('--cap-add');
    const root = bwrapArgs(commandPolicy({ ...places, workspace: '/w', network: NO_NETWORK }), '/w', { ...host, asRoot: true });
    expect(root.slice(root.indexOf('--cap-add'), root.indexOf('--cap-add') + 2)).toEqual(['--cap-add', 'CAP_SETFCAP']);
    expect(root.indexOf('--cap-add')).toBeGreaterThan(root.indexOf('--cap-drop'));
  });

  it('passes no variable that names a socket or session outside', () => {
    for (const name of ['XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS', 'SSH_AUTH_SOCK', 'GPG_AGENT_INFO', 'DISPLAY', 'WAYLAND_DISPLAY'])
      expect(mounts(command, '--unsetenv')).toContain(name);
  });

  it('always has a network namespace of its own; allowed hosts come through the proxy socket, relayed by socat before the helper', () => {
    const online = commandPolicy({ ...places, workspace: '/w', network: { type: 'hosts', hosts: ['pypi.org'] } });
    const bridge = { socat: '/usr/bin/socat', proxySocket: '/tmp/taco-network-x/proxy.sock' };
    const args = bwrapArgs(online, '/w', { ...host, networkBridge: bridge });
    expect(args).toContain('--unshare-net');
    expect(mounts(args, '--bind')).toContain('/tmp/taco-network-x/proxy.sock');
    expect(args[args.indexOf('/tmp/taco-network-x/proxy.sock') + 1]).toBe(DEFAULTS.sandbox.network.proxySocketInside);
    const proxy = `http://127.0.0.1:${DEFAULTS.sandbox.network.proxyPort}`;
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy'])
      expect(args.some((arg, index) => arg === '--setenv' && args[index + 1] === name && args[index + 2] === proxy)).toBe(true);
    // The relay starts first (the helper would refuse it a UNIX socket), then the helper runs the program.
    const tail = args.slice(args.indexOf('--') + 1);
    expect(tail.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(tail[2]).toMatch(/^'\/usr\/bin\/socat' TCP4-LISTEN:3128,bind=127\.0\.0\.1,.* UNIX-CONNECT:\/tmp\/\.taco-network\/proxy\.sock /);
    expect(tail[2]).toMatch(/exec "\$@"$/);
    expect(tail.slice(3)).toEqual(['taco-network', host.seccompHelper]);
    // No bridge (no socat), or no hosts: no proxy, no relay, the helper straight after `--`.
    for (const offline of [
      bwrapArgs(online, '/w', host),
      bwrapArgs({ ...online, network: NO_NETWORK }, '/w', { ...host, networkBridge: bridge }),
    ]) {
      expect(offline).toContain('--unshare-net');
      expect(offline.slice(offline.indexOf('--') + 1)).toEqual([host.seccompHelper]);
      expect(offline).not.toContain('HTTP_PROXY');
    }
  });

  it('sends a named loopback host through the proxy (no NO_PROXY), and otherwise keeps the sandbox’s own loopback direct', () => {
    const bridge = { socat: '/usr/bin/socat', proxySocket: '/s' };
    const noProxy = (hosts: string[]): string | undefined => {
      const args = bwrapArgs(commandPolicy({ ...places, workspace: '/w', network: { type: 'hosts', hosts } }), '/w', {
        ...host,
        networkBridge: bridge,
      });
      const at = args.findIndex((arg, index) => arg === '--setenv' && args[index + 1] === 'NO_PROXY');
      return at === -1 ? undefined : args[at + 2];
    };
    expect(noProxy(['pypi.org'])).toBe('localhost,127.0.0.1,::1');
    for (const loopback of ['127.0.0.1:8080', 'localhost', '[::1]:80', '127.0.0.2'])
      expect(noProxy(['pypi.org', loopback])).toBeUndefined();
  });
});

describe('the policies', () => {
  it('a scratch command reads the workspace and writes nothing; an MCP server writes its list (~ expanded) and reads its working folder', () => {
    const scratch = bwrapArgs(scratchPolicy({ ...places, workspace: '/home/ana/project' }), '/home/ana/project', host);
    expect(mounts(scratch, '--bind-try')).toEqual([]);
    expect(mounts(scratch, '--ro-bind-try')).toContain('/home/ana/project');
    const policy = mcpServerPolicy({
      ...places,
      write: ['~', '~/notes', '/srv/data', '/srv/../etc'],
      network: NO_NETWORK,
      cwd: '/srv/server',
    });
    expect(policy.writable).toEqual(['/home/ana', '/home/ana/notes', '/srv/data', '/etc']);
    expect(policy.readable).toEqual(['/srv/server']);
  });

  it('a working folder that is / or holds HOME is not bound: the server works in an empty folder', () => {
    for (const cwd of ['/', '/home', '/home/ana'])
      expect(mcpServerPolicy({ ...places, write: [], network: NO_NETWORK, cwd }).readable).toEqual([]);
    expect(mcpServerPolicy({ ...places, write: [], network: NO_NETWORK, cwd: '/home/anabel' }).readable).toEqual(['/home/anabel']);
  });

  it('a working folder that is a link to a secret folder binds it where it is, and the secret is hidden there', () => {
    const args = bwrapArgs(mcpServerPolicy({ ...places, write: [], network: NO_NETWORK, cwd: '/tmp/keys' }), '/tmp/keys', host);
    const bound = args.findIndex((arg, index) => arg === '/home/ana/.ssh' && args[index - 1] === '--ro-bind-try');
    const hidden = args.findIndex((arg, index) => arg === '/home/ana/.ssh' && args[index - 1] === '--tmpfs');
    expect(bound).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(bound);
  });

  it('tool folders on PATH under HOME: a bin brings its prefix, except HOME and ~/.local; nothing outside HOME', () => {
    const searchPath =
      '/usr/bin:/home/ana/.nvm/versions/node/v20/bin:/home/ana/bin:/home/ana/.local/bin:/home/ana/.pyenv/shims:relative/bin:/home/ana';
    expect(toolFolders({ ...places, searchPath })).toEqual([
      '/home/ana/.nvm/versions/node/v20',
      '/home/ana/bin',
      '/home/ana/.local/bin',
      '/home/ana/.pyenv/shims',
    ]);
    // A relative entry names a folder of wherever the command works: never a tool folder, even when that is under HOME.
    expect(toolFolders({ ...places, home: process.cwd(), searchPath: 'node_modules/.bin:tools/bin' })).toEqual([]);
  });
});
