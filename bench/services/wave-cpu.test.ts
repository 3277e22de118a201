import { describe, expect, it } from 'vitest';
import { describeWarmUp, describeWaveCpu, measureWaveCpu } from './wave-cpu';

const side = (host: number, fake: number, client: number, conversations: number, unread = false) => ({
  host,
  fake,
  client,
  conversations,
  unread,
});

describe('describeWaveCpu', () => {
  it('divides each process’s CPU by the conversations of its side', () => {
    expect(describeWaveCpu({ alone: side(440, 160, 50, 10), together: side(2800, 800, 160, 80) })).toBe(
      'CPU per conversation (host / fake server / bench client): alone 44 / 16 / 5 ms, together 35 / 10 / 2 ms',
    );
  });

  it('says nothing when a side has no waves or a process could not be read', () => {
    expect(describeWaveCpu({ alone: side(0, 0, 0, 0), together: side(2800, 800, 160, 80) })).toBeNull();
    expect(describeWaveCpu({ alone: side(440, 160, 50, 10), together: side(2800, 800, 160, 80, true) })).toBeNull();
  });
});

describe('describeWarmUp', () => {
  it('compares the mean of the first quarter of the warm-up waves with the last quarter', () => {
    expect(describeWarmUp([30, 22, 18, 16, 14, 12, 11, 10])).toBe(
      "warm-up: the host's CPU per conversation 26 ms in its first 2 waves, 11 ms in its last 2",
    );
  });

  it('takes one wave a side when there are fewer than eight, and says nothing without a reading', () => {
    expect(describeWarmUp([20, 15, 10])).toBe("warm-up: the host's CPU per conversation 20 ms in its first 1 waves, 10 ms in its last 1");
    expect(describeWarmUp([])).toBeNull();
    expect(describeWarmUp([20, 15, null, 10])).toBe(
      "warm-up: the host's CPU per conversation 20 ms in its first 1 waves, 10 ms in its last 1",
    );
    expect(describeWarmUp([null, 15, 12, 10])).toBeNull();
  });
});

describe('measureWaveCpu', () => {
  it('adds what a wave cost to its side (this process stands in for the host and the fake server)', async () => {
    const cpu = measureWaveCpu({ host: process.pid, fake: process.pid });
    for (const [name, conversations] of [
      ['alone', 1],
      ['together', 8],
    ] as const) {
      const done = await cpu.start(name, conversations);
      let spin = 0;
      for (let index = 0; index < 2_000_000; index += 1) spin += index % 7;
      expect(spin).toBeGreaterThan(0);
      await done();
    }
    if (process.platform === 'linux')
      expect(cpu.describe()).toMatch(/^CPU per conversation .*: alone \d+ \/ \d+ \/ \d+ ms, together \d+ \/ \d+ \/ \d+ ms$/);
    else expect(cpu.describe()).toBeNull();
  });
});
