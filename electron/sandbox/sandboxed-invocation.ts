import { lstatSync, realpathSync, statSync } from 'node:fs';
import { bwrapArgs, type PathKind } from './platform/bwrap-args';
import { startDomainProxy, type DomainProxy } from './network/domain-proxy';
import type { NetworkAccess } from './network/host-allow-list';
import { seatbeltProfile } from './platform/seatbelt-profile';
import type { SandboxPolicy } from './sandbox-policy';
import type { SandboxSupport } from './sandbox-support';

/** How to start a program: inside the sandbox, or as it is with the reason there is none. */
export type Invocation =
  { sandboxed: true; file: string; args: string[] } | { sandboxed: false; file: string; args: string[]; reason: string };

/** An invocation with what runs beside it (its network proxy): `close` when the program has ended. */
export type OpenedInvocation = Invocation & { close(): Promise<void> };

/**
 * The one place a program becomes a sandboxed program: `file args` wrapped by this system's
 * sandbox under `policy`, working in `cwd`. bwrap takes every path where it really is (links
 * resolved); Seatbelt takes hidden paths as they are and, when they are symbolic links, also where
 * they point (a `~/.ssh` linked elsewhere is hidden there too). `proxySocket`: the running proxy
 * of this process (openSandboxedInvocation), without which a bwrap sandbox has no network.
 */
export function sandboxedInvocation(
  support: SandboxSupport,
  policy: SandboxPolicy,
  file: string,
  args: readonly string[],
  cwd: string,
  proxySocket?: string,
): Invocation {
  switch (support.kind) {
    case 'bubblewrap': {
      const host = {
        kindOf: pathKind,
        realPathOf: realPathOrSelf,
        seccompHelper: support.seccompHelper,
        asRoot: process.geteuid?.() === 0,
        networkBridge: support.socat !== null && proxySocket !== undefined ? { socat: support.socat, proxySocket } : undefined,
      };
      return { sandboxed: true, file: support.program, args: [...bwrapArgs(policy, cwd, host), file, ...args] };
    }
    case 'seatbelt': {
      const resolved = { ...policy, hidden: withLinkTargets(policy.hidden), writable: withLinkTargets(policy.writable) };
      return { sandboxed: true, file: support.program, args: ['-p', seatbeltProfile(resolved), '--', file, ...args] };
    }
    case 'none':
      return { sandboxed: false, file, args: [...args], reason: support.reason };
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = support;
      return unreachable;
    }
  }
}

/**
 * sandboxedInvocation with the network the policy allows: on Linux a proxy of its own for this
 * process (network/domain-proxy.ts), started first and stopped by `close`. Without socat, or with
 * no network allowed, nothing is started and the process has no network.
 */
export async function openSandboxedInvocation(
  support: SandboxSupport,
  policy: SandboxPolicy,
  file: string,
  args: readonly string[],
  cwd: string,
  startProxy: (access: NetworkAccess) => Promise<DomainProxy> = startDomainProxy,
): Promise<OpenedInvocation> {
  const bridged = support.kind === 'bubblewrap' && support.socat !== null && policy.network.type !== 'none';
  if (!bridged) return { ...sandboxedInvocation(support, policy, file, args, cwd), close: () => Promise.resolve() };
  const proxy = await startProxy(policy.network);
  return { ...sandboxedInvocation(support, policy, file, args, cwd, proxy.socketPath), close: () => proxy.close() };
}

function withLinkTargets(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const entry of paths) {
    out.add(entry);
    try {
      if (lstatSync(entry).isSymbolicLink()) out.add(realpathSync(entry));
    } catch {
      // Not there: nothing to hide.
    }
  }
  return [...out];
}

function pathKind(path: string): PathKind {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return null;
  }
}

function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
