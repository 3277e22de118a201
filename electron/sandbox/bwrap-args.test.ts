import { describe, expect, it } from 'vitest';
import { bwrapArgs, type PathKind } from './bwrap-args';
import { commandPolicy, mcpServerPolicy } from './sandbox-policy';

const places = { home: '/home/ana', dataFolders: ['/home/ana/.config/taco'] };
const onDisk: Record<string, PathKind> = { '/home/ana/.ssh': 'folder', '/home/ana/.netrc': 'file', '/home/ana/.config/taco': 'folder' };
const kindOf = (path: string): PathKind => onDisk[path] ?? null;

describe('bwrapArgs', () => {
  it('run_command: all read-only, /tmp private, the workspace writable, then the secrets hidden, no network, own pids, no caps', () => {
    const args = bwrapArgs(commandPolicy({ ...places, workspace: '/home/ana/project', network: false }), '/home/ana/project', kindOf);
    expect(args).toEqual([
      '--ro-bind', '/', '/',
      '--dev', '/dev',
      '--proc', '/proc',
      '--tmpfs', '/tmp',
      '--bind-try', '/home/ana/project', '/home/ana/project',
      '--tmpfs', '/home/ana/.ssh',
      '--ro-bind', '/dev/null', '/home/ana/.netrc',
      '--tmpfs', '/home/ana/.config/taco',
      '--unshare-net',
      '--unshare-pid', '--die-with-parent', '--new-session', '--cap-drop', 'ALL',
      '--chdir', '/home/ana/project',
    ]); // prettier-ignore
  });

  it('hides after binding the writable folders, so the data folder stays hidden inside a writable home', () => {
    const args = bwrapArgs(commandPolicy({ ...places, workspace: '/home/ana', network: false }), '/home/ana', kindOf);
    expect(args.indexOf('/home/ana/.config/taco')).toBeGreaterThan(args.indexOf('--bind-try'));
  });

  it('keeps the network only when the policy allows it', () => {
    const args = bwrapArgs(commandPolicy({ ...places, workspace: '/w', network: true }), '/w', kindOf);
    expect(args).not.toContain('--unshare-net');
  });

  it("an MCP server's write list (~ expanded) is what it may write; nothing at all when the list is empty", () => {
    const policy = mcpServerPolicy({ ...places, write: ['~', '~/notes', '/srv/data', '/srv/../etc'], network: false });
    expect(policy.writable).toEqual(['/home/ana', '/home/ana/notes', '/srv/data', '/etc']);
    const none = bwrapArgs(mcpServerPolicy({ ...places, write: [], network: false }), '/', kindOf);
    expect(none).not.toContain('--bind-try');
    expect(none).toContain('--unshare-net');
  });

  it('keeps a working folder under /tmp readable: bound read-only over the private /tmp, before the secrets are hidden', () => {
    const args = bwrapArgs(mcpServerPolicy({ ...places, write: [], network: false }), '/tmp/checkout', kindOf);
    const bind = args.indexOf('--ro-bind-try');
    expect(args.slice(bind, bind + 3)).toEqual(['--ro-bind-try', '/tmp/checkout', '/tmp/checkout']);
    expect(bind).toBeGreaterThan(args.lastIndexOf('/tmp', bind - 1));
    expect(bind).toBeLessThan(args.indexOf('/home/ana/.ssh'));
    expect(args.slice(-2)).toEqual(['--chdir', '/tmp/checkout']);
  });

  it('adds no read-only bind when the working folder is outside /tmp, or a writable folder already holds it', () => {
    const home = bwrapArgs(mcpServerPolicy({ ...places, write: [], network: false }), '/home/ana/project', kindOf);
    expect(home).not.toContain('--ro-bind-try');
    const writable = bwrapArgs(commandPolicy({ ...places, workspace: '/tmp/ws', network: false }), '/tmp/ws/sub', kindOf);
    expect(writable).not.toContain('--ro-bind-try');
    const sibling = bwrapArgs(mcpServerPolicy({ ...places, write: [], network: false }), '/tmpfoo', kindOf);
    expect(sibling).not.toContain('--ro-bind-try');
    const tmpItself = bwrapArgs(mcpServerPolicy({ ...places, write: [], network: false }), '/tmp', kindOf);
    expect(tmpItself).not.toContain('--ro-bind-try');
  });

  it('binds and works in where the working folder really is: a link under /tmp to a secret folder binds nothing', () => {
    const links: Record<string, string> = { '/tmp/keys': '/home/ana/.ssh', '/tmp/here': '/tmp/real-checkout' };
    const realPathOf = (path: string): string => links[path] ?? path;
    const policy = mcpServerPolicy({ ...places, write: [], network: false });
    const secret = bwrapArgs(policy, '/tmp/keys', kindOf, realPathOf);
    expect(secret).not.toContain('--ro-bind-try');
    expect(secret.slice(-2)).toEqual(['--chdir', '/tmp/keys']);
    const linked = bwrapArgs(policy, '/tmp/here', kindOf, realPathOf);
    const bind = linked.indexOf('--ro-bind-try');
    expect(linked.slice(bind, bind + 3)).toEqual(['--ro-bind-try', '/tmp/real-checkout', '/tmp/real-checkout']);
    expect(linked.slice(-2)).toEqual(['--chdir', '/tmp/real-checkout']);
  });
});
