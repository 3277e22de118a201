import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess, startScript } from '../runner/bench-processes';
import { pairRatios } from '../report/bench-stats';

/**
 * peer_ratio: the same 5-round tool task against the same fake server (bench-tool-rounds, in its
 * own process), run by our loop and by the Vercel AI SDK's tool loop (bench/peer/peer-runners.ts). The
 * two sides run in a third process (bench/peer/peer-main.ts says how and why): equal warm-up, samples
 * of several runs each with a full GC before every one, interleaved; one ratio per pair of
 * adjacent samples, and the figure is their median.
 */
export async function runPeerBench(options: BenchLog): Promise<Samples> {
  const fake = await startFakeOllamaProcess('bench-tool-rounds');
  try {
    const pairs = options.runs * BENCH_DEFAULTS.peerPairsPerRun;
    const measured = await startScript(
      'bench/peer/peer-main.ts',
      [fake.url, String(pairs)],
      /^(\{"runsPerSample":\d+,"ours":\[.*\],"theirs":\[.*\]\})$/m,
      ['--expose-gc'],
      BENCH_DEFAULTS.peerTimeoutMs,
    );
    await measured.stop();
    const samples = JSON.parse(measured.match[1] ?? '{}') as { runsPerSample: number; ours: number[]; theirs: number[] };
    const ratios = pairRatios(samples.ours, samples.theirs);
    const perRun = (ms: number): string => (ms / samples.runsPerSample).toFixed(1);
    ratios.forEach((ratio, index) =>
      options.log(
        `  pair ${index + 1}: ours ${perRun(samples.ours[index] ?? 0)} ms, theirs ${perRun(samples.theirs[index] ?? 0)} ms a run: ${ratio.toFixed(3)}`,
      ),
    );
    return { peer_ratio: ratios };
  } finally {
    await fake.process.stop();
  }
}
