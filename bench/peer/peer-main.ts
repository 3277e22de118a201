/**
 * peer_ratio's measurement in a process of its own, started by bench/peer/peer-bench.ts:
 * `node --expose-gc --import tsx bench/peer/peer-main.ts <fake server url> <pairs>`. Prints one JSON
 * line: the runs per sample and the wall time (ms) of every sample of each side, in the order they ran.
 *
 * How it measures, and why:
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
 * To study the measurement itself, TACO_BENCH_PEER="warmup,runsPerSample,gc" (e.g. "2,1,0": the
 * measurement before this one, in this process) overrides the three.
 */
import { BENCH_DEFAULTS } from '../bench-defaults';
import { interleave } from '../report/bench-stats';
import { peerSides, type PeerSide } from './peer-runners';

const [url, pairsArg] = process.argv.slice(2);
const pairs = Number(pairsArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!url || !Number.isInteger(pairs) || pairs < 1)
  throw new Error('usage: node --expose-gc --import tsx bench/peer/peer-main.ts <url> <pairs>');
if (!gc) throw new Error('peer-main.ts needs node --expose-gc: both sides get a full GC before each sample.');

/** The defaults, or TACO_BENCH_PEER's "warmup,runsPerSample,gc" (gc 0 or 1). */
function measurement(): { warmupRuns: number; runsPerSample: number; fullGc: boolean } {
  const given = process.env['TACO_BENCH_PEER'];
  if (!given) return { warmupRuns: BENCH_DEFAULTS.peerWarmupRuns, runsPerSample: BENCH_DEFAULTS.peerRunsPerSample, fullGc: true };
  const [warmupRuns = -1, runsPerSample = 0, fullGc = -1] = given.split(',').map(Number);
  if (
    !Number.isInteger(warmupRuns) ||
    warmupRuns < 0 ||
    !Number.isInteger(runsPerSample) ||
    runsPerSample < 1 ||
    (fullGc !== 0 && fullGc !== 1)
  )
    throw new Error(`TACO_BENCH_PEER is "warmup,runsPerSample,gc" (e.g. "40,4,1"), not "${given}".`);
  return { warmupRuns, runsPerSample, fullGc: fullGc === 1 };
}
const { warmupRuns, runsPerSample, fullGc } = measurement();

const sides = peerSides(url);
for (const side of interleave<PeerSide>(['ours', 'theirs'], warmupRuns)) await sides[side]();

const samples: Record<PeerSide, number[]> = { ours: [], theirs: [] };
for (const side of interleave<PeerSide>(['ours', 'theirs'], pairs)) {
  if (fullGc) gc();
  const started = performance.now();
  for (let run = 0; run < runsPerSample; run += 1) await sides[side]();
  samples[side].push(performance.now() - started);
}
process.stdout.write(`${JSON.stringify({ runsPerSample, ...samples })}\n`);
process.exit(0);
