import { describe, expect, it } from 'vitest';
import { BWRAP_PROBE_ARGS, detectSandboxSupport, type SupportProbe } from './sandbox-support';

function probe(
  platform: NodeJS.Platform,
  executables: string[],
  run: SupportProbe['run'] = () => ({ status: 0, stderr: '' }),
): SupportProbe {
  return { platform, executable: (file) => executables.includes(file), run };
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
    expect(support).toEqual({ kind: 'bubblewrap', program: '/usr/bin/bwrap' });
    expect(calls).toEqual([['/usr/bin/bwrap', ...BWRAP_PROBE_ARGS]]);
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
