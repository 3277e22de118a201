import { describe, expect, it } from 'vitest';
import { secondsLeft, type EstimateRule } from './indexing-estimate';

const rule: EstimateRule = { minFiles: 3, fileOverheadBytes: 1000 };

describe('time left while a folder is read', () => {
  it('gives none before the pass has a pace: too few files read, or no time passed', () => {
    expect(secondsLeft({ filesDone: 0, filesTotal: 10, bytesDone: 0, bytesTotal: 10_000 }, 5_000, rule)).toBeNull();
    expect(secondsLeft({ filesDone: 2, filesTotal: 10, bytesDone: 2_000, bytesTotal: 10_000 }, 5_000, rule)).toBeNull();
    expect(secondsLeft({ filesDone: 3, filesTotal: 10, bytesDone: 3_000, bytesTotal: 10_000 }, 0, rule)).toBeNull();
  });

  it('is zero once every file is read, also for a pass with nothing to read', () => {
    expect(secondsLeft({ filesDone: 10, filesTotal: 10, bytesDone: 10_000, bytesTotal: 10_000 }, 5_000, rule)).toBe(0);
    expect(secondsLeft({ filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 }, 0, rule)).toBe(0);
  });

  it('is the time so far times the work left over the work done, work being bytes plus a cost per file', () => {
    // Done: 4 files, 6,000 bytes = 10,000 units in 10 s. Left: 6 files, 14,000 bytes = 20,000 units: 20 s.
    expect(secondsLeft({ filesDone: 4, filesTotal: 10, bytesDone: 6_000, bytesTotal: 20_000 }, 10_000, rule)).toBe(20);
    // Many empty files still take time: 3 done in 3 s, 97 left.
    expect(secondsLeft({ filesDone: 3, filesTotal: 100, bytesDone: 0, bytesTotal: 0 }, 3_000, rule)).toBe(97);
  });

  it('counts a large file left for more than a small one, and rounds up so it never says 0 while files wait', () => {
    const pace = { filesDone: 5, filesTotal: 6, bytesDone: 5_000 };
    const smallLeft = secondsLeft({ ...pace, bytesTotal: 5_100 }, 1_000, rule)!;
    const largeLeft = secondsLeft({ ...pace, bytesTotal: 5_000 + 1_000_000 }, 1_000, rule)!;
    expect(largeLeft).toBeGreaterThan(smallLeft);
    expect(smallLeft).toBeGreaterThanOrEqual(1);
  });

  it('falls as files are read at a steady pace, and grows when the pace slows', () => {
    const total = { filesTotal: 20, bytesTotal: 20 * 4_000 };
    const at = (done: number, ms: number) => secondsLeft({ ...total, filesDone: done, bytesDone: done * 4_000 }, ms, rule)!;
    const steady = [5, 10, 15, 19].map((done) => at(done, done * 1_000));
    for (let i = 1; i < steady.length; i++) expect(steady[i]!).toBeLessThan(steady[i - 1]!);
    expect(at(10, 20_000)).toBeGreaterThan(at(10, 10_000));
  });
});
