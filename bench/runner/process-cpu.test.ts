import { describe, expect, it } from 'vitest';
import { cpuMsOfStat, processCpuMs } from './process-cpu';

describe('cpuMsOfStat', () => {
  it('adds utime and stime (fields 14 and 15) and turns ticks into ms, past a name with spaces and parentheses', () => {
    const stat = '4242 (node (tsx) x) S 1 4242 4242 0 -1 4194304 900 0 0 0 37 5 0 0 20 0 11 0 123 456 789';
    expect(cpuMsOfStat(stat)).toBe(420);
    expect(cpuMsOfStat(stat, 1000)).toBe(42);
  });

  it('says null for a line that is not a stat line', () => {
    expect(cpuMsOfStat('')).toBeNull();
    expect(cpuMsOfStat('no process here')).toBeNull();
  });
});

describe('processCpuMs', () => {
  it('reads this process on Linux and null for a process that is not there', async () => {
    const own = await processCpuMs(process.pid);
    if (process.platform === 'linux') expect(own).toBeGreaterThan(0);
    else expect(own).toBeNull();
    expect(await processCpuMs(2 ** 30)).toBeNull();
  });
});
