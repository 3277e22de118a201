/**
 * CPU time a process has used so far (user + system), read from Linux's /proc: for figures whose
 * wall time a loaded machine blurs, the CPU a wave cost the host says where it went.
 */
import { readFile } from 'node:fs/promises';

/** Linux's clock tick of /proc/<pid>/stat (getconf CLK_TCK: 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc/<pid>/stat line, in ms; null when the line is not one. */
export function cpuMsOfStat(stat: string, ticksPerSecond = TICKS_PER_SECOND): number | null {
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, utime field 14 and stime field 15.
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!stat.includes(')') || !Number.isFinite(user) || !Number.isFinite(system)) return null;
  return ((user + system) * 1000) / ticksPerSecond;
}

/** The process's CPU time so far in ms, or null where /proc is not there (not Linux) or it exited. */
export async function processCpuMs(pid: number): Promise<number | null> {
  try {
    return cpuMsOfStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}
