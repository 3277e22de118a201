/**
 * peer_ratio's measurement in a process of its own, started by bench/peer-bench.ts:
 * `node --expose-gc --import tsx bench/peer-main.ts <fake server url> <pairs>`. Prints one JSON
 * line: the wall time (ms) of every sample of each side, in the order they ran.
 *
 * How it measures, and why (BENCHMARKS.md, "peer_ratio: the measurement"):
 * - A process of its own, fresh for both sides. In `npm run bench` the stages before this one ran
 *   our loop hundreds of times in the same process (loop-bench, probe), so our side started warm
 *   and the AI SDK's cold, and both inherited the other stages' heap.
 * - The same warm-up for both sides, interleaved (BENCH_DEFAULTS.peerWarmupRuns each, long enough
 *   for the JIT to have compiled both loops' hot paths; two runs each left both interpreted).
 * - A sample is a block of BENCH_DEFAULTS.peerRunsPerSample runs of one side: a single run is
 *   ~10–20 ms, about one scheduler time slice on a busy 2-core machine, so one preemption or GC
 *   decided a single-run pair; a block averages them out.
 * - A full GC before every sample, of either side: garbage the other side left is collected
 *   before the clock starts, never inside the next sample, whichever side that is. What a side
 *   allocates during its own sample it still pays for.
 * - Samples interleaved A B, B A, … (bench-stats `interleave`), each pair two adjacent samples;
 *   the figure is the median of the per-pair ratios (peer-bench.ts).
 */
import { BENCH_DEFAULTS } from './bench-defaults';
import { interleave } from './bench-stats';
import { peerSides, type PeerSide } from './peer-runners';

const [url, pairsArg] = process.argv.slice(2);
const pairs = Number(pairsArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!url || !Number.isInteger(pairs) || pairs < 1) throw new Error('usage: node --expose-gc --import tsx bench/peer-main.ts <url> <pairs>');
if (!gc) throw new Error('peer-main.ts needs node --expose-gc: both sides get a full GC before each sample.');

const sides = peerSides(url);
for (const side of interleave<PeerSide>(['ours', 'theirs'], BENCH_DEFAULTS.peerWarmupRuns)) await sides[side]();

const samples: Record<PeerSide, number[]> = { ours: [], theirs: [] };
for (const side of interleave<PeerSide>(['ours', 'theirs'], pairs)) {
  gc();
  const started = performance.now();
  for (let run = 0; run < BENCH_DEFAULTS.peerRunsPerSample; run += 1) await sides[side]();
  samples[side].push(performance.now() - started);
}
process.stdout.write(`${JSON.stringify(samples)}\n`);
process.exit(0);
