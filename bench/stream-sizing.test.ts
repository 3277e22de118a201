import { describe, expect, it } from 'vitest';
import { sizeStreamByTime } from './stream-sizing';

const sizing = { startTokens: 20_000, minMs: 100, maxTokens: 1_280_000 };

describe('pipeline bench: sizing the stream by time', () => {
  it('doubles the count until a bare read lasts the minimum, measuring each count once', async () => {
    const measured: number[] = [];
    // 1 ms per 1,000 tokens: 20k → 20 ms, 40k → 40, 80k → 80, 160k → 160 ms.
    const tokens = await sizeStreamByTime(sizing, (count) => {
      measured.push(count);
      return Promise.resolve(count / 1000);
    });
    expect(tokens).toBe(160_000);
    expect(measured).toEqual([20_000, 40_000, 80_000, 160_000]);
  });

  it('keeps the starting count when it is already long enough', async () => {
    expect(await sizeStreamByTime(sizing, () => Promise.resolve(250))).toBe(20_000);
  });

  it('stops at the cap on a machine too fast to reach the minimum', async () => {
    const measured: number[] = [];
    const tokens = await sizeStreamByTime({ ...sizing, maxTokens: 100_000 }, (count) => {
      measured.push(count);
      return Promise.resolve(1);
    });
    expect(tokens).toBe(100_000);
    expect(measured).toEqual([20_000, 40_000, 80_000, 100_000]);
  });

  it('refuses a start above the cap', async () => {
    await expect(sizeStreamByTime({ ...sizing, maxTokens: 10 }, () => Promise.resolve(1))).rejects.toThrow(/startTokens/);
  });
});
