import { DEFAULTS } from '../../shared/constants';
import { isInside } from '../../tools/files/workspace-path';
import type { SandboxPolicy } from './sandbox-policy';

/** What a path is on this system, read when the argv is built: bwrap hides a folder and a file differently, and cannot hide what is not there. */
export type PathKind = 'folder' | 'file' | null;

/** What the argv is built from besides the policy: read from the system by sandboxed-invocation.ts, given by tests. */
export interface BwrapHost {
  /** What a path is (after links); null when it is not there. */
  kindOf(path: string): PathKind;
  /** Where a path really is (links resolved); the path itself when it is not there. */
  realPathOf(path: string): string;
  /** The seccomp helper (seccomp-helper.ts), bound read-only where it is and run in front of the program. */
  seccompHelper: string;
  /** TACO runs as root: the helper then needs CAP_SETFCAP to map uid 0 into its own user namespace. */
  asRoot: boolean;
}

/** Variables naming sockets and sessions outside, which the command could not reach anyway: not passed in. */
const OUTSIDE_VARIABLES = ['XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS', 'SSH_AUTH_SOCK', 'GPG_AGENT_INFO', 'DISPLAY', 'WAYLAND_DISPLAY'];

/**
 * bubblewrap's arguments for a policy, before the program and its arguments (which follow `--`).
 * Only what is listed exists inside; later mounts cover earlier ones:
 * - `--ro-bind-try S S`: the system folders (DEFAULTS.sandbox.systemFolders), read-only; the
 *   secret files among them (/etc/shadow, host keys: DEFAULTS.sandbox.hiddenSystemPaths) covered.
 * - `--dev /dev`, `--proc /proc`: a minimal /dev and the sandbox's own /proc. Nothing of /run,
 *   /var/run or $XDG_RUNTIME_DIR, /home, /root, /srv or /mnt.
 * - `--tmpfs /tmp`, `--tmpfs HOME`: a private, empty /tmp and home folder.
 * - `--ro-bind-try R R`, then `--bind-try W W`: the readable and writable folders where they
 *   really are (links resolved), so a link never brings in what it points to unchecked.
 * - `--ro-bind-try` over each writable folder's `.git/config` and `.git/hooks`, and `.git` bound onto
 *   itself (a mount point cannot be renamed away): a command cannot plant `core.fsmonitor`, a hook or
 *   `core.hooksPath` there that the user's next `git` would run, nor swap in another `.git`. (A new
 *   `.git/commondir` naming a configuration of its own cannot be covered: ARCHITECTURE.md's table.)
 * - `--tmpfs H` / `--ro-bind /dev/null H`: each hidden path that lies where it really is inside a
 *   bound folder (hiding anything else is not needed, and bwrap cannot mount below a link).
 * - `--unshare-net` unless the policy allows the network: only a loopback of its own.
 * - `--unshare-pid`: its own process ids; when bwrap is killed everything inside dies with it.
 *   `--die-with-parent`: bwrap ends if TACO does. `--new-session`: no controlling terminal (no
 *   TIOCSTI keystroke injection). `--unshare-user --cap-drop ALL`: no capabilities (as root, only
 *   CAP_SETFCAP, which the helper spends on its own user namespace).
 * - `--chdir`: the working folder, where it really is.
 * The program runs under the seccomp helper, which refuses every AF_UNIX socket.
 */
export function bwrapArgs(policy: SandboxPolicy, cwd: string, host: BwrapHost): string[] {
  const args: string[] = [];
  for (const folder of DEFAULTS.sandbox.systemFolders) args.push('--ro-bind-try', folder, folder);
  for (const secret of DEFAULTS.sandbox.hiddenSystemPaths) pushHidden(args, secret, host.kindOf(secret));
  args.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--tmpfs', policy.home);
  const readable = policy.readable.map(host.realPathOf);
  const writable = policy.writable.map(host.realPathOf);
  for (const folder of readable) args.push('--ro-bind-try', folder, folder);
  for (const folder of writable) args.push('--bind-try', folder, folder);
  for (const folder of writable) {
    // Bound onto itself, `.git` is a mount point: it cannot be renamed away and replaced by another.
    if (host.kindOf(`${folder}/.git`) === 'folder') args.push('--bind', `${folder}/.git`, `${folder}/.git`);
    for (const guarded of ['.git/config', '.git/hooks']) {
      const target = `${folder}/${guarded}`;
      if (host.kindOf(target) !== null) args.push('--ro-bind-try', target, target);
    }
  }
  const bound = [...readable, ...writable];
  for (const hidden of new Set(policy.hidden.map(host.realPathOf))) {
    if (bound.some((folder) => isInside(folder, hidden))) pushHidden(args, hidden, host.kindOf(hidden));
  }
  args.push('--ro-bind', host.seccompHelper, host.seccompHelper);
  for (const name of OUTSIDE_VARIABLES) args.push('--unsetenv', name);
  if (!policy.network) args.push('--unshare-net');
  args.push('--unshare-pid', '--unshare-user', '--die-with-parent', '--new-session', '--cap-drop', 'ALL');
  if (host.asRoot) args.push('--cap-add', 'CAP_SETFCAP');
  args.push('--chdir', host.realPathOf(cwd), '--', host.seccompHelper);
  return args;
}

function pushHidden(args: string[], path: string, kind: PathKind): void {
  if (kind === 'folder') args.push('--tmpfs', path);
  else if (kind === 'file') args.push('--ro-bind', '/dev/null', path);
}
