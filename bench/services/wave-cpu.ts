/**
 * CPU per conversation of the concurrent waves, for each process taking part: the web host, the
 * fake server and the bench client (this process). Wall times on a shared machine move with its
 * load; the CPU a conversation cost the host moves far less, and says whether a wave of eight
 * costs more per conversation than one alone or only waits longer.
 */
import { processCpuMs } from '../runner/process-cpu';

export type WaveSide = 'alone' | 'together';

interface CpuOf {
  host: number;
  fake: number;
  client: number;
}

export interface WaveCpu {
  /** Call as a wave starts; the returned function, as it ends, adds the wave's CPU to its side. */
  start(side: WaveSide, conversations: number): Promise<() => Promise<void>>;
  /** One line: CPU ms per conversation of each process, alone and together; null if none could be read. */
  describe(): string | null;
}

export function measureWaveCpu(pids: { host: number; fake: number }): WaveCpu {
  const totals: Record<WaveSide, CpuOf & { conversations: number; unread: boolean }> = {
    alone: { host: 0, fake: 0, client: 0, conversations: 0, unread: false },
    together: { host: 0, fake: 0, client: 0, conversations: 0, unread: false },
  };
  const read = async (): Promise<CpuOf | null> => {
    const [host, fake] = await Promise.all([processCpuMs(pids.host), processCpuMs(pids.fake)]);
    const own = process.cpuUsage();
    return host === null || fake === null ? null : { host, fake, client: (own.user + own.system) / 1000 };
  };
  return {
    async start(side, conversations) {
      const before = await read();
      return async () => {
        const after = await read();
        const total = totals[side];
        if (!before || !after) {
          total.unread = true;
          return;
        }
        total.host += after.host - before.host;
        total.fake += after.fake - before.fake;
        total.client += after.client - before.client;
        total.conversations += conversations;
      };
    },
    describe: () => describeWaveCpu(totals),
  };
}

/** "CPU per conversation (host / fake server / bench client): alone 41 / 6 / 3 ms, together 30 / 5 / 2 ms". */
export function describeWaveCpu(totals: Record<WaveSide, CpuOf & { conversations: number; unread: boolean }>): string | null {
  const side = (name: WaveSide): string | null => {
    const total = totals[name];
    if (total.unread || total.conversations === 0) return null;
    const each = (ms: number): string => (ms / total.conversations).toFixed(0);
    return `${name} ${each(total.host)} / ${each(total.fake)} / ${each(total.client)} ms`;
  };
  const alone = side('alone');
  const together = side('together');
  if (!alone || !together) return null;
  return `CPU per conversation (host / fake server / bench client): ${alone}, ${together}`;
}

/**
 * "warm-up: the host's CPU per conversation 21 ms in its first 6 waves, 11 ms in its last 6" from
 * the host's CPU per conversation of each warm-up wave (null where /proc could not be read): how
 * far V8's optimizing compiler had settled when the measured waves began. Null without readings.
 */
export function describeWarmUp(perWave: readonly (number | null)[]): string | null {
  const quarter = Math.max(1, Math.floor(perWave.length / 4));
  const mean = (values: readonly (number | null)[]): number | null =>
    values.length === 0 || values.some((value) => value === null)
      ? null
      : values.reduce<number>((sum, value) => sum + (value ?? 0), 0) / values.length;
  const first = mean(perWave.slice(0, quarter));
  const last = mean(perWave.slice(-quarter));
  if (first === null || last === null) return null;
  return `warm-up: the host's CPU per conversation ${first.toFixed(0)} ms in its first ${quarter} waves, ${last.toFixed(0)} ms in its last ${quarter}`;
}
