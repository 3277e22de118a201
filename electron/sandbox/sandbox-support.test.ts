import { describe, expect, it } from 'vitest';
import { bwrapProbeArgs, detectSandboxSupport, type SupportProbe } from './sandbox-support';

function probe(
  platform: NodeJS.Platform,
  executables: string[],
  run: SupportProbe['run'] = () => ({ status: 0, stderr: '' }),
  seccompHelper: string | null = '/app/apply-seccomp',
  asRoot = false,
): SupportProbe {
  return { platform, executable: (file) => executables.includes(file), run, seccompHelper: () => seccompHelper, asRoot };
}

describe('detectSandboxSupport: which sandbox, or why none, in words', () => {
  it('Linux with a working bwrap: bubblewrap, after a probe with the namespaces a command gets', () => {
    const calls: string[][] = [];
    const support = detectSandboxSupport(
      probe('linux', ['/usr/bin/bwrap'], (program, args) => {
        calls.push([program, ...args]);
        return { status: 0, stderr: '' };
      }),
    );
    expect(support).toEqual({ kind: 'bubblewrap', program: '/usr/bin/bwrap', seccompHelper: '/app/apply-seccomp', socat: null });
    expect(calls).toEqual([['/usr/bin/bwrap', ...bwrapProbeArgs('/app/apply-seccomp', false)]]);
    expect(calls[0]?.slice(-3)).toEqual(['--', '/app/apply-seccomp', 'true']);
  });

  it('Linux: socat is found where the distribution installs it (the network goes through it), else none', () => {
    for (const socat of ['/usr/bin/socat', '/usr/local/bin/socat'])
      expect(detectSandboxSupport(probe('linux', ['/usr/bin/bwrap', socat]))).toMatchObject({ kind: 'bubblewrap', socat });
    expect(detectSandboxSupport(probe('linux', ['/usr/bin/bwrap', '/opt/socat']))).toMatchObject({ kind: 'bubblewrap', socat: null });
  });

  it('Linux without the seccomp helper: none, since UNIX sockets could not be blocked; never probed', () => {
    const calls: string[][] = [];
    const support = detectSandboxSupport(
      probe('linux', ['/usr/bin/bwrap'], (program, args) => (calls.push([program, ...args]), { status: 0, stderr: '' }), null),
    );
    expect(support).toEqual({ kind: 'none', reason: expect.stringMatching(/UNIX sockets could not be blocked/) });
    expect(calls).toEqual([]);
  });

  it('the probe gives the helper CAP_SETFCAP only as root, as a command gets it', () => {
    expect(bwrapProbeArgs('/h', false)).not.toContain('--cap-add');
    const root = bwrapProbeArgs('/h', true);
    expect(root.slice(root.indexOf('--cap-drop'), root.indexOf('--cap-drop') + 4)).toEqual([
      '--cap-drop',
      'ALL',
      '--cap-add',
      'CAP_SETFCAP',
    ]);
  });

  it('Linux without bwrap: none, saying which package to install', () => {
    expect(detectSandboxSupport(probe('linux', []))).toEqual({
      kind: 'none',
      reason: expect.stringMatching(/install the "bubblewrap" package/),
    });
  });

  it('Linux whose kernel refuses user namespaces: none, with bwrap’s own words', () => {
    const support = detectSandboxSupport(
      probe('linux', ['/usr/bin/bwrap'], () => ({
        status: 1,
        stderr:
          'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.\n',
      })),
    );
    expect(support.kind).toBe('none');
    expect(support.kind === 'none' && support.reason).toMatch(
      /user namespaces may be disabled\): bwrap: No permissions to creating new namespace/,
    );
  });

  it('macOS: Seatbelt; Windows: none, said so', () => {
    expect(detectSandboxSupport(probe('darwin', ['/usr/bin/sandbox-exec']))).toEqual({
      kind: 'seatbelt',
      program: '/usr/bin/sandbox-exec',
    });
    expect(detectSandboxSupport(probe('win32', []))).toEqual({ kind: 'none', reason: 'Windows has no sandbox TACO can use' });
  });
});
