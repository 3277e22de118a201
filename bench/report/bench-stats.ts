/** The pure arithmetic of the benchmark: medians, the interleaved order of runs, batch rates. */

/** The p-th percentile (0–100, nearest rank) of the samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = samples.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The median of the samples; NaN when there are none. */
export function median(samples: readonly number[]): number {
  const sorted = samples.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  if (sorted.length % 2 === 1) return upper;
  return ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/**
 * The order in which to run what is compared, `rounds` times each: every round runs each variant
 * once, and the order alternates between rounds (A B, B A, A B, ...) so neither variant always
 * runs first, on a warmer cache or a cooler CPU.
 */
export function interleave<T>(variants: readonly T[], rounds: number): T[] {
  const order: T[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const pass = round % 2 === 0 ? variants : [...variants].reverse();
    order.push(...pass);
  }
  return order;
}

/**
 * Whether the first of two compared variants goes first for item `index` (0-based) of round `round`
 * (0-based), when every round runs each of several items both ways: it alternates between
 * neighbouring items within a round and, for each item, from round to round. Flipping once per item
 * alone would, with an even number of items, give each item the same order in every round.
 */
export function firstGoesFirst(round: number, index: number): boolean {
  return (round + index) % 2 === 0;
}

/**
 * One ratio per measured sample over the baseline samples taken just before and just after it
 * (`baselines` has one more value than `samples`: b0 s0 b1 s1 b2 …, each baseline shared by its two
 * neighbours), so a machine whose load drifts during a run weighs on both sides alike, and the
 * denominator is the mean of two samples instead of one. Pairs whose baseline mean is not positive give no ratio.
 */
export function bracketedRatios(samples: readonly number[], baselines: readonly number[]): number[] {
  return samples.flatMap((value, index) => {
    const before = baselines[index];
    const after = baselines[index + 1];
    if (before === undefined || after === undefined) return [];
    const baseline = (before + after) / 2;
    return baseline > 0 ? [value / baseline] : [];
  });
}

/**
 * One ratio per pair of samples run next to each other (`numerators[i]` over `denominators[i]`,
 * as `interleave` ordered them): what the machine was doing in those seconds weighs on both.
 * A pair with a missing or non-positive denominator gives no ratio.
 */
export function pairRatios(numerators: readonly number[], denominators: readonly number[]): number[] {
  return numerators.flatMap((value, index) => {
    const other = denominators[index];
    return other !== undefined && other > 0 ? [value / other] : [];
  });
}

/**
 * The highest rate (per second) over any `window` consecutive timestamps (ms): for a burst that
 * keeps one batch per 16 ms this is 62.5. With fewer timestamps than the window, the whole list
 * is the window; with fewer than two there is no rate (0).
 */
export function highestRate(timestampsMs: readonly number[], window: number): number {
  const times = [...timestampsMs].sort((a, b) => a - b);
  const span = Math.max(2, Math.min(window, times.length));
  if (times.length < 2) return 0;
  let best = 0;
  for (let start = 0; start + span <= times.length; start += 1) {
    const first = times[start] ?? 0;
    const last = times[start + span - 1] ?? 0;
    const elapsed = last - first;
    if (elapsed <= 0) return Number.POSITIVE_INFINITY;
    best = Math.max(best, ((span - 1) * 1000) / elapsed);
  }
  return best;
}

/** Rounds for display and JSON: three significant decimals at most. */
export function roundFigure(value: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 3;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
