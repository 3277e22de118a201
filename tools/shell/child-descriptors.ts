import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import type { StdioNull, StdioPipe } from 'node:child_process';

/** The close-on-exec bit of the `flags:` line in /proc/<pid>/fdinfo/<fd> (octal, as open(2)'s O_CLOEXEC). */
const O_CLOEXEC = 0o2000000;

/**
 * This process's descriptors above stderr that a child it starts would inherit: those open without
 * close-on-exec. Node and TACO open every descriptor of their own close-on-exec, so these are what
 * TACO was started with (a terminal's, a launcher's or a desktop session's sockets and files), and
 * Node passes them on to every child (above its first few). Read from Linux's /proc/self/fdinfo;
 * where there is none (macOS, Windows), none are known.
 */
export function inheritableDescriptors(fdinfo = '/proc/self/fdinfo'): number[] {
  let entries: string[];
  try {
    entries = readdirSync(fdinfo);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    const fd = Number(entry);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    let info: string;
    try {
      info = readFileSync(`${fdinfo}/${entry}`, 'utf8');
    } catch {
      continue; // closed meanwhile (readdir's own descriptor among them)
    }
    const flags = /^flags:\s*([0-7]+)$/m.exec(info);
    if (flags !== null && (parseInt(flags[1]!, 8) & O_CLOEXEC) === 0) found.push(fd);
  }
  return found.sort((a, b) => a - b);
}

type Std = StdioNull | StdioPipe;

/**
 * spawn's `stdio` for a child that starts with `std` as its stdin, stdout and stderr and with none
 * of this process's inheritable descriptors: each of those numbers is /dev/null in the child
 * (libuv puts a given descriptor at its index; 'ignore' above 2 would leave the inherited one
 * there). A socket TACO was handed therefore never reaches a command or an MCP server, sandboxed
 * or not (the sandbox's seccomp filter refuses making a UNIX socket, not using one already open).
 * `release` closes the /dev/null this process opened for it, once the child is spawned.
 */
export function childStdio(
  std: readonly [Std, Std, Std],
  inheritable: readonly number[] = inheritableDescriptors(),
): { stdio: Array<Std | number>; release: () => void } {
  if (inheritable.length === 0) return { stdio: [...std], release: () => undefined };
  const devNull = openSync('/dev/null', 'r+');
  const stdio: Array<Std | number> = [...std];
  const last = Math.max(...inheritable);
  for (let fd = 3; fd <= last; fd++) stdio.push(inheritable.includes(fd) ? devNull : 'ignore');
  return { stdio, release: () => closeSync(devNull) };
}
