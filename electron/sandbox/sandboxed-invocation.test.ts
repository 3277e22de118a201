import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_NETWORK, type NetworkAccess } from './network/host-allow-list';
import { openSandboxedInvocation, sandboxedInvocation } from './sandboxed-invocation';
import { folderOutsideTmp } from './testing/require-bubblewrap';

describe('sandboxedInvocation on macOS: links among the paths', () => {
  it('hides where a linked secret folder really is, and lets a linked writable folder be written where it really is', () => {
    const root = folderOutsideTmp('taco-sbx-links-');
    try {
      mkdirSync(join(root.path, 'dotfiles-ssh'));
      mkdirSync(join(root.path, 'real-work'));
      symlinkSync(join(root.path, 'dotfiles-ssh'), join(root.path, '.ssh'));
      symlinkSync(join(root.path, 'real-work'), join(root.path, 'work'));
      const policy = {
        writable: [join(root.path, 'work')],
        readable: [],
        hidden: [join(root.path, '.ssh')],
        network: NO_NETWORK,
        home: root.path,
      };
      const invocation = sandboxedInvocation({ kind: 'seatbelt', program: '/usr/bin/sandbox-exec' }, policy, '/bin/ls', [], root.path);
      const profile = invocation.args[1] ?? '';
      const denied = profile.split('\n').find((line) => line.startsWith('(deny file-read*')) ?? '';
      expect(denied).toContain(`(subpath "${join(root.path, '.ssh')}")`);
      expect(denied).toContain(`(subpath "${join(root.path, 'dotfiles-ssh')}")`);
      const allowed = profile.split('\n').find((line) => line.startsWith('(allow file-write* (subpath')) ?? '';
      expect(allowed).toContain(`(subpath "${join(root.path, 'real-work')}")`);
    } finally {
      root.remove();
    }
  });
});

describe('sandboxedInvocation: each system’s program and arguments', () => {
  const policy = { writable: ['/w'], readable: [], hidden: [], network: NO_NETWORK, home: '/home/ana' };

  it('Seatbelt: sandbox-exec -p PROFILE -- program args', () => {
    const invocation = sandboxedInvocation({ kind: 'seatbelt', program: '/usr/bin/sandbox-exec' }, policy, '/bin/ls', ['-l', 'x'], '/w');
    expect(invocation).toEqual({
      sandboxed: true,
      file: '/usr/bin/sandbox-exec',
      args: ['-p', expect.stringContaining('(version 1)'), '--', '/bin/ls', '-l', 'x'],
    });
  });

  it('none: the program as it is, with the reason', () => {
    expect(sandboxedInvocation({ kind: 'none', reason: 'no bwrap' }, policy, '/bin/ls', ['-l'], '/w')).toEqual({
      sandboxed: false,
      file: '/bin/ls',
      args: ['-l'],
      reason: 'no bwrap',
    });
  });

  it('bubblewrap: reads what each path is and where it really is from the disk, and runs the program under the helper', () => {
    const root = folderOutsideTmp('taco-sbx-inv-');
    try {
      const work = join(root.path, 'work');
      mkdirSync(join(work, '.git', 'hooks'), { recursive: true });
      writeFileSync(join(work, '.git', 'config'), '');
      mkdirSync(join(work, 'data'));
      writeFileSync(join(work, 'token'), 'secret');
      symlinkSync(work, join(root.path, 'linked'));
      const hidden = [join(work, 'data'), join(work, 'token'), join(work, 'missing')];
      const support = {
        kind: 'bubblewrap',
        program: '/usr/bin/bwrap',
        seccompHelper: '/app/apply-seccomp',
        socat: '/usr/bin/socat',
      } as const;
      const linked = join(root.path, 'linked');
      const invocation = sandboxedInvocation(support, { ...policy, writable: [linked], hidden }, '/bin/ls', ['-l'], linked);
      const args = invocation.args;
      const after = (flag: string, value: string): boolean => args.some((arg, index) => arg === flag && args[index + 1] === value);
      expect(invocation.file).toBe('/usr/bin/bwrap');
      expect(after('--bind-try', work)).toBe(true);
      expect(after('--chdir', work)).toBe(true);
      expect(after('--tmpfs', join(work, 'data'))).toBe(true);
      expect(after('/dev/null', join(work, 'token'))).toBe(true);
      expect(after('--ro-bind-try', join(work, '.git', 'config'))).toBe(true);
      expect(args).not.toContain(join(work, 'missing'));
      expect(args.includes('--cap-add')).toBe(process.geteuid?.() === 0);
      expect(args.slice(-4)).toEqual(['--', '/app/apply-seccomp', '/bin/ls', '-l']);
    } finally {
      root.remove();
    }
  });
});

describe('openSandboxedInvocation: a proxy for a process with hosts, stopped by close', () => {
  const support = { kind: 'bubblewrap', program: '/usr/bin/bwrap', seccompHelper: '/app/apply-seccomp', socat: '/usr/bin/socat' } as const;
  const base = { writable: ['/w'], readable: [], hidden: [], home: '/home/ana' };

  function fakeProxies(): {
    started: unknown[];
    closed: () => number;
    start: (access: NetworkAccess) => Promise<{ socketPath: string; close(): Promise<void> }>;
  } {
    const started: unknown[] = [];
    let closed = 0;
    return {
      started,
      closed: () => closed,
      start: (access) => {
        started.push(access);
        return Promise.resolve({ socketPath: '/run/p.sock', close: () => Promise.resolve(void (closed += 1)) });
      },
    };
  }

  it('starts one for the policy’s hosts, binds its socket, and close stops it', async () => {
    const proxies = fakeProxies();
    const network = { type: 'hosts', hosts: ['pypi.org'] } as const;
    const opened = await openSandboxedInvocation(support, { ...base, network }, '/bin/ls', [], '/w', proxies.start);
    expect(proxies.started).toEqual([network]);
    expect(opened.args).toContain('/run/p.sock');
    expect(proxies.closed()).toBe(0);
    await opened.close();
    expect(proxies.closed()).toBe(1);
  });

  it('starts none without hosts, without socat, or with another sandbox, and the process then has no proxy', async () => {
    const network = { type: 'hosts', hosts: ['pypi.org'] } as const;
    const cases = [
      [support, NO_NETWORK],
      [{ ...support, socat: null }, network],
      [{ kind: 'seatbelt', program: '/usr/bin/sandbox-exec' }, network],
      [{ kind: 'none', reason: 'none here' }, network],
    ] as const;
    for (const [system, access] of cases) {
      const proxies = fakeProxies();
      const opened = await openSandboxedInvocation(system, { ...base, network: access }, '/bin/ls', [], '/w', proxies.start);
      expect(proxies.started).toEqual([]);
      expect(opened.args).not.toContain('/run/p.sock');
      await opened.close();
    }
  });
});

describe('sandboxedInvocation: bubblewrap keeps file capabilities only for root', () => {
  const policy = { writable: ['/w'], readable: [], hidden: [], network: NO_NETWORK, home: '/home/ana' };
  const support = { kind: 'bubblewrap', program: '/usr/bin/bwrap', seccompHelper: '/app/apply-seccomp', socat: null } as const;
  const geteuid = Object.getOwnPropertyDescriptor(process, 'geteuid');
  afterEach(() => {
    if (geteuid) Object.defineProperty(process, 'geteuid', geteuid);
  });
  const asUser = (id: (() => number) | undefined): string[] => {
    Object.defineProperty(process, 'geteuid', { value: id, configurable: true, writable: true });
    return sandboxedInvocation(support, policy, '/bin/ls', [], '/w').args;
  };

  it('adds CAP_SETFCAP for user 0 only; any other user, or a system with no user ids, gets none', () => {
    const root = asUser(() => 0);
    expect(root.some((arg, index) => arg === '--cap-add' && root[index + 1] === 'CAP_SETFCAP')).toBe(true);
    expect(asUser(() => 1000)).not.toContain('--cap-add');
    expect(asUser(undefined)).not.toContain('--cap-add');
  });
});
