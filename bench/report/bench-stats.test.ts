import { describe, expect, it } from 'vitest';
import { bracketedRatios, firstGoesFirst, highestRate, interleave, median, pairRatios, percentile, roundFigure } from './bench-stats';

describe('percentile', () => {
  it('is the nearest-rank value: p95 of 1..100 is 95, p100 the largest, NaN for no samples', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle values, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('ignores values that are not numbers and is NaN for no samples', () => {
    expect(median([Number.NaN, 2, Number.POSITIVE_INFINITY, 4])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

describe('bracketedRatios', () => {
  it('divides each sample by the mean of the baselines on either side of it', () => {
    expect(bracketedRatios([15, 30], [10, 20, 40])).toEqual([1, 1]);
  });

  it('cancels a load that drifts steadily through the run, where the baseline before alone does not', () => {
    // The machine slows by 10 % a step; the measured thing costs 1.5 × its baseline at every step.
    const baselines = [100, 120, 140, 160];
    const samples = [1.5 * 110, 1.5 * 130, 1.5 * 150];
    expect(bracketedRatios(samples, baselines)).toEqual([1.5, 1.5, 1.5]);
    expect(pairRatios(samples, baselines).every((ratio) => ratio > 1.5)).toBe(true);
  });

  it('skips a sample without a baseline after it or with a baseline mean that is not positive', () => {
    expect(bracketedRatios([4, 6], [2, 2])).toEqual([2]);
    expect(bracketedRatios([4], [0, 0])).toEqual([]);
  });
});

describe('pairRatios', () => {
  it('divides each sample by the one it ran beside, and skips pairs without a positive denominator', () => {
    expect(pairRatios([2, 3, 4], [4, 6, 2])).toEqual([0.5, 0.5, 2]);
    expect(pairRatios([1, 2, 3], [2, 0])).toEqual([0.5]);
  });
});

describe('firstGoesFirst', () => {
  it('alternates between neighbouring items and, for each item, between rounds, even with an even number of items', () => {
    const items = 8;
    const rounds = [0, 1, 2, 3].map((round) => Array.from({ length: items }, (_, index) => firstGoesFirst(round, index)));
    for (const order of rounds) for (let index = 1; index < items; index += 1) expect(order[index]).toBe(!order[index - 1]);
    for (let index = 0; index < items; index += 1) {
      const firsts = rounds.map((order) => order[index]);
      expect(firsts).toEqual([firsts[0], !firsts[0], firsts[0], !firsts[0]]);
    }
  });
});

describe('interleave', () => {
  it('runs each variant once per round and alternates which goes first', () => {
    expect(interleave(['A', 'B'], 3)).toEqual(['A', 'B', 'B', 'A', 'A', 'B']);
    expect(interleave(['A', 'B', 'C'], 2)).toEqual(['A', 'B', 'C', 'C', 'B', 'A']);
    expect(interleave(['A'], 0)).toEqual([]);
  });

  it('gives every variant the same number of runs, half of them first', () => {
    const order = interleave(['ours', 'theirs'], 10);
    expect(order.filter((side) => side === 'ours')).toHaveLength(10);
    const firsts = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18].map((index) => order[index]);
    expect(firsts.filter((side) => side === 'ours')).toHaveLength(5);
  });
});

describe('highestRate', () => {
  it('is 62.5 per second for batches exactly 16 ms apart', () => {
    expect(
      highestRate(
        Array.from({ length: 30 }, (_, index) => index * 16),
        10,
      ),
    ).toBeCloseTo(62.5);
  });

  it('finds the fastest stretch of `window` batches, not the average', () => {
    const slow = Array.from({ length: 10 }, (_, index) => index * 100);
    const fast = Array.from({ length: 10 }, (_, index) => 2000 + index * 10);
    expect(highestRate([...slow, ...fast], 10)).toBeCloseTo(100);
    expect(highestRate([...slow, ...fast], 20)).toBeLessThan(20);
  });

  it('uses the whole list when it is shorter than the window, and has no rate for one batch', () => {
    expect(highestRate([0, 50, 100], 10)).toBeCloseTo(20);
    expect(highestRate([5], 10)).toBe(0);
    expect(highestRate([], 10)).toBe(0);
  });
});

describe('roundFigure', () => {
  it('keeps three significant decimals for small figures and fewer for large ones', () => {
    expect(roundFigure(0.123456)).toBe(0.123);
    expect(roundFigure(12.3456)).toBe(12.35);
    expect(roundFigure(1234.56)).toBe(1234.6);
  });
});
