import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of a process from /proc/<pid>/stat (Linux), or null when it is gone or unreadable. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

/** Every live descendant of `root` (children first-level first). Empty where /proc is missing. */
export function descendantPids(root: number): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const out: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Signal a process and everything it started: `tsx` runs the script in a child process, which must die too. */
export function signalTree(root: number, signal: NodeJS.Signals): void {
  for (const pid of [...descendantPids(root).reverse(), root]) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}
