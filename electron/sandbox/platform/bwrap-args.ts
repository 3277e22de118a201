import { DEFAULTS } from '../../../shared/constants';
import { isInside } from '../../../tools/files/guards/workspace-path';
import type { NetworkAccess } from '../network/host-allow-list';
import type { SandboxPolicy } from '../sandbox-policy';

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
  /**
   * The way to the network when the policy allows some: socat (started inside before the helper,
   * which would refuse it a UNIX socket) and the UNIX socket of this process's proxy
   * (network/domain-proxy.ts). Absent: no network, whatever the policy says.
   */
  networkBridge?: { socat: string; proxySocket: string } | undefined;
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
 * - `--unshare-net`, always: a network namespace with only a loopback of its own, no route out
 *   and none of this machine's ports. When the policy allows hosts (and `networkBridge` is given),
 *   the proxy's socket is bound at DEFAULTS.sandbox.network.proxySocketInside, a shell starts
 *   socat listening on 127.0.0.1:proxyPort inside and relaying to that socket, waits until it
 *   listens, and execs the helper; HTTP_PROXY, HTTPS_PROXY and ALL_PROXY (and lower case) point
 *   there. This is sandbox-runtime's Linux bridge (linux-sandbox-utils.ts), without its host-side
 *   socat: TACO's proxy listens on the UNIX socket itself.
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
  const bridge = policy.network.type === 'none' ? undefined : host.networkBridge;
  if (bridge !== undefined) args.push(...proxyArgs(bridge.proxySocket, policy.network));
  args.push('--unshare-net', '--unshare-pid', '--unshare-user', '--die-with-parent', '--new-session', '--cap-drop', 'ALL');
  if (host.asRoot) args.push('--cap-add', 'CAP_SETFCAP');
  args.push('--chdir', host.realPathOf(cwd), '--');
  if (bridge !== undefined) args.push('/bin/sh', '-c', bridgeScript(bridge.socat), 'taco-network');
  args.push(host.seccompHelper);
  return args;
}

const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy'];

/**
 * The proxy's socket bound inside and the variables that point clients at it. NO_PROXY names the
 * sandbox's own loopback (a server the command starts itself), unless the allow-list names a
 * loopback host: then that goes through the proxy, to this machine's.
 */
function proxyArgs(proxySocket: string, access: NetworkAccess): string[] {
  const { proxyPort, proxySocketInside } = DEFAULTS.sandbox.network;
  const args = ['--bind', proxySocket, proxySocketInside];
  for (const name of PROXY_VARIABLES) args.push('--setenv', name, `http://127.0.0.1:${proxyPort}`);
  const loopbackNamed = access.type === 'hosts' && access.hosts.some(isLoopbackEntry);
  for (const name of ['NO_PROXY', 'no_proxy']) {
    if (loopbackNamed) args.push('--unsetenv', name);
    else args.push('--setenv', name, 'localhost,127.0.0.1,::1');
  }
  return args;
}

function isLoopbackEntry(entry: string): boolean {
  return /^(localhost|127\.[\d.]+|\[::1\])(:\d+)?$/.test(entry);
}

/**
 * Runs inside, as `sh -c SCRIPT taco-network helper program args…`: socat relays the sandbox's
 * 127.0.0.1:proxyPort to the bound socket; the script waits (reading /proc/net/tcp, up to about
 * 10 s) until it listens or has died, then becomes the helper with the program. bwrap's own pid 1
 * ends socat with the program.
 */
function bridgeScript(socat: string): string {
  const { proxyPort, proxySocketInside } = DEFAULTS.sandbox.network;
  const hexPort = proxyPort.toString(16).toUpperCase().padStart(4, '0');
  return [
    `${quote(socat)} TCP4-LISTEN:${proxyPort},bind=127.0.0.1,fork,reuseaddr,backlog=4096 UNIX-CONNECT:${proxySocketInside} >/dev/null 2>&1 &`,
    'relay=$!',
    'tries=0',
    `until grep -q ' 0100007F:${hexPort} 00000000:0000 0A ' /proc/net/tcp 2>/dev/null; do`,
    '  kill -0 "$relay" 2>/dev/null || break',
    '  tries=$((tries + 1)); [ "$tries" -lt 1000 ] || break',
    '  sleep 0.01',
    'done',
    'unset relay tries',
    'exec "$@"',
  ].join('\n');
}

function quote(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

function pushHidden(args: string[], path: string, kind: PathKind): void {
  if (kind === 'folder') args.push('--tmpfs', path);
  else if (kind === 'file') args.push('--ro-bind', '/dev/null', path);
}
