import { NO_SANDBOX_WORDS, type SandboxNotice } from '../../shared/approvals/sandbox-notice';
import { describeHosts } from './network/host-allow-list';
import type { SandboxPolicy } from './sandbox-policy';
import type { SandboxSupport } from './sandbox-support';

/**
 * What a process with this policy can reach, and what it cannot be stopped from, for the approval
 * card and Settings → MCP. The words follow the sandbox each system has: on Linux only what is
 * bound is there (bwrap-args.ts); on macOS the rest of the files stay readable (seatbelt-profile.ts).
 */
export function describeSandbox(
  support: SandboxSupport,
  policy: SandboxPolicy,
  names: { workspace?: string; home: string },
): SandboxNotice {
  if (support.kind === 'none') return { sandboxed: false, text: `${NO_SANDBOX_WORDS} (${support.reason}).` };
  const name = (folder: string): string => (folder === names.workspace ? 'your workspace' : shortPath(folder, names.home));
  const writes =
    policy.writable.length === 0 ? 'Can change nothing outside its own /tmp' : `Can change only ${policy.writable.map(name).join(', ')}`;
  if (support.kind === 'seatbelt') {
    // Seatbelt has no proxy here: a network allowed at all is the whole network.
    const network =
      policy.network.type === 'none'
        ? 'no network'
        : "may use the whole network, including this computer's own network services (on macOS it is not limited to the named hosts)";
    const leaves = policy.writable.length > 0 ? `, and to change or delete what it can change${LATER_RUNS}` : '';
    return {
      sandboxed: true,
      text: `${writes} · ${network} · can read your other files, but not your keys, credentials, browser profiles or TACO's data · still free to use CPU, memory and disk${leaves}`,
    };
  }
  const network =
    policy.network.type !== 'none' && support.socat === null
      ? 'no network (socat is not installed, and the sandbox reaches the network only through it)'
      : describeHosts(policy.network);
  const seen = [...policy.writable.map(name), ...policy.readable.map((folder) => `${name(folder)} (read-only)`)];
  const changes = policy.writable.length > 0 ? `, and to change or delete what it can change${LATER_RUNS}` : '';
  const sends = policy.network.type !== 'none' && support.socat !== null ? ', and to send what it can read to the hosts it may reach' : '';
  return {
    sandboxed: true,
    text: `${writes} · ${network} · sees ${[...seen, "the system's programs"].join(', ')}; nothing else of your home folder, no keys, no sockets of other programs (ssh-agent, D-Bus, Docker) · still free to use CPU, memory and disk${changes}${sends}`,
  };
}

/**
 * What no mount can stop: a file the process writes where it may write can be run later by the
 * user's own tools outside the sandbox (a `.git/commondir` naming its own configuration, a build
 * script, a nested repository's hook), so the card says so wherever something is writable.
 */
const LATER_RUNS = ' — including files your own tools may run later (git, build scripts)';

function shortPath(folder: string, home: string): string {
  return folder === home ? '~' : folder.startsWith(`${home}/`) ? `~/${folder.slice(home.length + 1)}` : folder;
}
