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
 * - `--ro-bind-try C C`: the working folder, read-only, when no writable folder holds it and where
 *   it really is (links resolved) is below /tmp. The private /tmp would otherwise cover it and
 *   bwrap could not even chdir there ("Can't chdir"): anywhere else it is readable already. Its
 *   resolved path is bound and worked in, so a link under /tmp to a secret folder shows nothing
 *   (the secret is hidden where it really is), and /tmp itself is never bound over the private one.
 * - `--tmpfs H` (a folder) or `--ro-bind /dev/null H` (a file): each hidden path that exists,
 *   after the writable ones so that a data folder inside the workspace stays hidden.
 * - `--unshare-net` unless the policy allows the network: only a loopback of its own.
 * - `--unshare-pid`: its own process ids; when bwrap is killed (timeout, Stop: the process group is
 *   killed as before) everything inside dies with it. `--die-with-parent`: bwrap ends if TACO does.
 * - `--new-session`: no access to a controlling terminal (no TIOCSTI keystroke injection).
 * - `--cap-drop ALL`: no capabilities, even when TACO runs as root.
 * - `--chdir`: the working folder.
 */
export function bwrapArgs(
  policy: SandboxPolicy,
  cwd: string,
  kindOf: (path: string) => PathKind,
  realPathOf: (path: string) => string = (path) => path,
): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  for (const folder of policy.writable) args.push('--bind-try', folder, folder);
  const keptCwd = workingFolderUnderTmp(cwd, policy.writable, realPathOf);
  if (keptCwd !== null) args.push('--ro-bind-try', keptCwd, keptCwd);
  for (const hidden of policy.hidden) {
    const kind = kindOf(hidden);
    if (kind === 'folder') args.push('--tmpfs', hidden);
    else if (kind === 'file') args.push('--ro-bind', '/dev/null', hidden);
  }
  if (!policy.network) args.push('--unshare-net');
  args.push('--unshare-pid', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--chdir', keptCwd ?? cwd);
  return args;
}

/** Where `cwd` really is, when the private /tmp would hide it and no writable folder binds it back; else null. */
function workingFolderUnderTmp(cwd: string, writable: readonly string[], realPathOf: (path: string) => string): string | null {
  const heldByWritable = (path: string): boolean => writable.some((folder) => isInside(folder, path));
  if (heldByWritable(cwd)) return null;
  const real = realPathOf(cwd);
  return real !== '/tmp' && isInside('/tmp', real) && !heldByWritable(real) ? real : null;
}
