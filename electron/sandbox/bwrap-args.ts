import { isInside } from '../../tools/files/workspace-path';
import type { SandboxPolicy } from './sandbox-policy';

/** What a path is on this system, read when the argv is built: bwrap hides a folder and a file differently, and cannot hide what is not there. */
export type PathKind = 'folder' | 'file' | null;

/**
 * bubblewrap's arguments for a policy, before the program and its arguments (which follow `--`).
 * Order matters: later mounts cover earlier ones.
 * - `--ro-bind / /`: the whole file system, read-only.
 * - `--dev /dev`, `--proc /proc`: a minimal /dev and the sandbox's own /proc.
 * - `--tmpfs /tmp`: a private, empty /tmp (every sandbox has one).
 * - `--bind-try F F`: each writable folder, read-write (a missing one is skipped).
 * - `--ro-bind-try C C`: the working folder, read-only, when it is under /tmp and no writable
 *   folder holds it. The private /tmp would otherwise cover it and bwrap could not even chdir
 *   there ("Can't chdir"): anywhere else the working folder is readable already.
 * - `--tmpfs H` (a folder) or `--ro-bind /dev/null H` (a file): each hidden path that exists,
 *   after the writable ones so that a data folder inside the workspace stays hidden.
 * - `--unshare-net` unless the policy allows the network: only a loopback of its own.
 * - `--unshare-pid`: its own process ids; when bwrap is killed (timeout, Stop: the process group is
 *   killed as before) everything inside dies with it. `--die-with-parent`: bwrap ends if TACO does.
 * - `--new-session`: no access to a controlling terminal (no TIOCSTI keystroke injection).
 * - `--cap-drop ALL`: no capabilities, even when TACO runs as root.
 * - `--chdir`: the working folder.
 */
export function bwrapArgs(policy: SandboxPolicy, cwd: string, kindOf: (path: string) => PathKind): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  for (const folder of policy.writable) args.push('--bind-try', folder, folder);
  if (coveredByPrivateTmp(cwd, policy.writable)) args.push('--ro-bind-try', cwd, cwd);
  for (const hidden of policy.hidden) {
    const kind = kindOf(hidden);
    if (kind === 'folder') args.push('--tmpfs', hidden);
    else if (kind === 'file') args.push('--ro-bind', '/dev/null', hidden);
  }
  if (!policy.network) args.push('--unshare-net');
  args.push('--unshare-pid', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--chdir', cwd);
  return args;
}

/** True when the private /tmp would hide `cwd`: it is under /tmp and no writable folder binds it back. */
function coveredByPrivateTmp(cwd: string, writable: readonly string[]): boolean {
  return isInside('/tmp', cwd) && !writable.some((folder) => isInside(folder, cwd));
}
