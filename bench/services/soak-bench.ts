import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startScript } from '../runner/bench-processes';

/**
 * soak_rss_growth_mb: 300 tool-using runs one after another in a process of their own (the app
 * services as main holds them; the fake server in another process): RSS after all of them minus
 * RSS after the first 20, each read after a full GC. Leaked listeners, timers, subscriptions or
 * per-run state show up as growth; what the runs legitimately store (conversations, search text)
 * is a few KB per run.
 */
export async function runSoakBench(options: BenchLog): Promise<Samples> {
  const running = await startScript(
    'bench/services/soak-main.ts',
    [String(BENCH_DEFAULTS.soakRuns), String(BENCH_DEFAULTS.soakBaselineRuns)],
    /\{"baseline":([\d.]+),"after":([\d.]+)\}/,
    ['--expose-gc'],
    BENCH_DEFAULTS.soakTimeoutMs,
  );
  await running.stop();
  const baseline = Number(running.match[1]);
  const after = Number(running.match[2]);
  options.log(
    `  RSS after ${BENCH_DEFAULTS.soakBaselineRuns} runs ${baseline.toFixed(1)} MB, after ${BENCH_DEFAULTS.soakRuns} ${after.toFixed(1)} MB`,
  );
  return { soak_rss_growth_mb: [after - baseline] };
}
