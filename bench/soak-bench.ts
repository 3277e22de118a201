import { BENCH_DEFAULTS } from './bench-defaults';
import type { BenchLog, Samples } from './bench-figures';
import { startServicesHarness } from './services-harness';

const rssMb = (): number => process.memoryUsage().rss / (1024 * 1024);
const collect = (): void => (globalThis as { gc?: () => void }).gc?.();

/**
 * soak_rss_growth_mb: tool-using runs one after another in this process (the app services, the
 * fake server in its own process): RSS after all of them minus RSS after the first few. Leaked
 * listeners, timers, subscriptions or per-run state show up as growth.
 */
export async function runSoakBench(options: BenchLog): Promise<Samples> {
  const harness = await startServicesHarness('concurrent-tasks', (event, services) => {
    if (event.type === 'question') void services.handle('question.answer', { questionId: event.questionId, answer: 'go on' });
  });
  try {
    let baseline = 0;
    for (let run = 1; run <= BENCH_DEFAULTS.soakRuns; run += 1) {
      const conversationId = await harness.send(`task ${run}`, BENCH_DEFAULTS.concurrentModel);
      const marks = await harness.until(conversationId, (m) => m.finishedAt !== null);
      harness.forget(conversationId);
      if (marks.finishReason !== 'complete') throw new Error(`run ${run} ended with ${marks.finishReason ?? 'nothing'}`);
      if (run === BENCH_DEFAULTS.soakBaselineRuns) {
        collect();
        baseline = rssMb();
      }
      if (run % 50 === 0) options.log(`  ${run} runs: RSS ${rssMb().toFixed(1)} MB`);
    }
    collect();
    const growth = rssMb() - baseline;
    options.log(
      `  RSS after ${BENCH_DEFAULTS.soakBaselineRuns} runs ${baseline.toFixed(1)} MB, growth over ${BENCH_DEFAULTS.soakRuns} runs ${growth.toFixed(1)} MB`,
    );
    return { soak_rss_growth_mb: [growth] };
  } finally {
    await harness.close();
  }
}
