import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { DEFAULTS } from '../../shared/constants';
import { findSeccompHelper } from './platform/seccomp-helper';

/**
 * Which sandbox this system has, decided once per process (`sandboxSupport`): bubblewrap on a
 * Linux that lets it make namespaces, Seatbelt on macOS, otherwise none with the reason in words
 * (shown on every approval card and in Settings → MCP).
 */
export type SandboxSupport =
  | { kind: 'bubblewrap'; program: string; seccompHelper: string; socat: string | null }
  | { kind: 'seatbelt'; program: string }
  | { kind: 'none'; reason: string };

/** What detection reads from the system; tests pass their own. */
export interface SupportProbe {
  platform: NodeJS.Platform;
  /** sandbox-runtime's seccomp helper (seccomp-helper.ts); null when this install has none for this machine. */
  seccompHelper(): string | null;
  /** This process runs as root (the probe then gives the helper CAP_SETFCAP, as a command gets). */
  asRoot: boolean;
  executable(file: string): boolean;
  /** Runs `program args`; the exit status and stderr (null status: it could not run or timed out). */
  run(program: string, args: readonly string[]): { status: number | null; stderr: string };
}

const realProbe: SupportProbe = {
  platform: process.platform,
  seccompHelper: () => findSeccompHelper(),
  asRoot: process.geteuid?.() === 0,
  executable(file) {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  run(program, args) {
    const result = spawnSync(program, [...args], {
      encoding: 'utf8',
      timeout: DEFAULTS.sandbox.probeTimeoutMs,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return { status: result.status, stderr: result.stderr ?? result.error?.message ?? '' };
  },
};

/**
 * The probe bwrap must pass: the namespaces a sandboxed command gets (user, pid, network), running
 * `true` under the seccomp helper, which must be able to make its own user namespace too.
 */
export function bwrapProbeArgs(seccompHelper: string, asRoot: boolean): string[] {
  return [
    '--ro-bind', '/', '/',
    '--proc', '/proc',
    '--unshare-pid', '--unshare-net', '--unshare-user',
    '--die-with-parent', '--new-session',
    '--cap-drop', 'ALL', ...(asRoot ? ['--cap-add', 'CAP_SETFCAP'] : []),
    '--', seccompHelper, 'true',
  ]; // prettier-ignore
}

export function detectSandboxSupport(probe: SupportProbe): SandboxSupport {
  switch (probe.platform) {
    case 'linux': {
      const program = DEFAULTS.sandbox.bwrapPaths.find((file) => probe.executable(file));
      if (program === undefined) {
        return { kind: 'none', reason: 'bubblewrap (bwrap) is not installed; install the "bubblewrap" package to sandbox commands' };
      }
      const seccompHelper = probe.seccompHelper();
      if (seccompHelper === null) {
        return { kind: 'none', reason: `no seccomp helper for this machine (${process.arch}), so UNIX sockets could not be blocked` };
      }
      const result = probe.run(program, bwrapProbeArgs(seccompHelper, probe.asRoot));
      if (result.status !== 0) {
        const detail = result.stderr.trim().split('\n')[0]?.slice(0, 200) || 'no reason given';
        return { kind: 'none', reason: `bubblewrap cannot create its namespaces here (user namespaces may be disabled): ${detail}` };
      }
      // Without socat nothing inside can reach the proxy: the network stays off, and the words say why.
      const socat = DEFAULTS.sandbox.network.socatPaths.find((file) => probe.executable(file)) ?? null;
      return { kind: 'bubblewrap', program, seccompHelper, socat };
    }
    case 'darwin':
      return probe.executable(DEFAULTS.sandbox.sandboxExecPath)
        ? { kind: 'seatbelt', program: DEFAULTS.sandbox.sandboxExecPath }
        : { kind: 'none', reason: 'sandbox-exec is missing from this macOS' };
    case 'win32':
      return { kind: 'none', reason: 'Windows has no sandbox TACO can use' };
    default:
      return { kind: 'none', reason: `no sandbox TACO can use on ${probe.platform}` };
  }
}

let detected: SandboxSupport | null = null;

/** This system's sandbox, detected at the first call and remembered for the life of the process. */
export function sandboxSupport(): SandboxSupport {
  detected ??= detectSandboxSupport(realProbe);
  return detected;
}
