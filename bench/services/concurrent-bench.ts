import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess } from '../runner/bench-processes';
import { bracketedRatios, median } from '../report/bench-stats';
import { startBenchHost } from '../browser/browser-bench';
import { watchTitles, type TitleWatch } from './title-watch';
import { processCpuMs } from '../runner/process-cpu';
import { describeWarmUp, measureWaveCpu, type WaveCpu } from './wave-cpu';
import { connectBenchClient, type WsBenchClient } from './ws-bench-client';

export interface ConcurrentBenchOptions extends BenchLog {
  staticDir: string;
}

interface WaveOptions extends Pick<BenchLog, 'log'> {
  client: WsBenchClient;
  titles: TitleWatch;
  cpu: WaveCpu;
}

/**
 * Per-conversation wall time (chat.send → its run-finish) of `count` conversations started
 * together. Then, untimed, it waits until the wave's conversations have their titles. The CPU
 * the processes spent from its start to the titles counts for its side when `measured`.
 */
async function wave({ client, titles, log, cpu }: WaveOptions, count: number, wave: number, measured = true): Promise<number[]> {
  const cpuDone = measured ? await cpu.start(count === 1 ? 'alone' : 'together', count) : null;
  const started = performance.now();
  const ids = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      client
        .call<{ conversationId: string }>('chat.send', {
          conversationId: null,
          text: `calculate task ${wave * 100 + index + 1}`,
          model: BENCH_DEFAULTS.concurrentModel,
        })
        .then((result) => result.conversationId),
    ),
  );
  const finishes = await Promise.all(ids.map((id) => client.finished(id)));
  const failed = finishes.find((finish) => finish.reason !== 'complete');
  if (failed) throw new Error(`a run ended with ${failed.reason}`);
  const times = finishes.map((finish) => finish.at - started);
  const settled = await titles.settled(ids, BENCH_DEFAULTS.concurrentTitleWaitMs);
  if (settled.missing > 0) log(`  wave ${wave}: ${settled.missing} of ${count} titles did not come (the host gave up on them)`);
  await cpuDone?.();
  return times;
}

/**
 * The untimed waves of eight before the measured ones (BENCH_DEFAULTS.concurrentWarmupWaves), and
 * how the host's CPU per conversation fell over them: the line the log shows.
 */
async function warmUp(waves: WaveOptions, hostPid: number): Promise<string | null> {
  const count = BENCH_DEFAULTS.concurrentConversations;
  const perWave: (number | null)[] = [];
  for (let index = 1; index <= BENCH_DEFAULTS.concurrentWarmupWaves; index += 1) {
    const before = await processCpuMs(hostPid);
    await wave(waves, count, index, false);
    const after = await processCpuMs(hostPid);
    perWave.push(before === null || after === null ? null : (after - before) / count);
  }
  return describeWarmUp(perWave);
}

/**
 * concurrent_8_ratio: eight conversations streaming and calling tools at once through the web
 * host (its own process, the real services) over one conversation alone, per-conversation wall
 * time (median). The fake server's concurrent-tasks scenario asks a question (answered at once),
 * calculates three times and answers, pausing between streamed pieces like a model would.
 * Each wave of eight is divided by the mean of the single conversations run just before and just
 * after it (`bracketedRatios`): one alone conversation is one sample, and a load that changed during
 * the run weighed on a ratio over the one before alone.
 * After every wave, alone and together alike, the next starts only once the wave's conversations
 * have their titles (untimed). Titles are side requests the host makes after each run finishes;
 * without the wait, the eight titles of a wave ran in the first ~25 ms of the alone run after it
 * and the alone title in the next wave of eight, so each side was timed with the other's titles.
 * The titles are still made, each in the time of its own wave's conversations.
 * The measured waves come after ~190 untimed conversations (BENCH_DEFAULTS.concurrentWarmupWaves):
 * before, V8 was still optimizing the host's code on threads that, on two cores, competed only
 * with the waves of eight. The log says how far the host's CPU per conversation fell meanwhile.
 */
export async function runConcurrentBench(options: ConcurrentBenchOptions): Promise<Samples> {
  const fake = await startFakeOllamaProcess('concurrent-tasks');
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-concurrent-'));
  const host = await startBenchHost(options.staticDir, dataDir, fake.url);
  const client = await connectBenchClient(host.url);
  const titles = watchTitles(client);
  const cpu = measureWaveCpu({ host: host.process.pid, fake: fake.process.pid });
  const waves: WaveOptions = { client, titles, cpu, log: options.log };
  try {
    await wave(waves, 1, 0, false);
    const warmedUp = await warmUp(waves, host.process.pid);
    if (warmedUp) options.log(`  ${warmedUp}`);
    // One alone, eight, one alone, eight, …, one alone: each wave over the two alone on either side of it.
    const first = BENCH_DEFAULTS.concurrentWarmupWaves + 10;
    const alone: number[] = [median(await wave(waves, 1, first))];
    const together: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      together.push(median(await wave(waves, BENCH_DEFAULTS.concurrentConversations, first + 1 + run * 2)));
      alone.push(median(await wave(waves, 1, first + 2 + run * 2)));
      options.log(
        `  one alone ${alone[run]?.toFixed(0)} and ${alone[run + 1]?.toFixed(0)} ms, each of ${BENCH_DEFAULTS.concurrentConversations} together between them ${together[run]?.toFixed(0)} ms`,
      );
    }
    const spent = cpu.describe();
    if (spent) options.log(`  ${spent}`);
    return { concurrent_8_ratio: bracketedRatios(together, alone) };
  } finally {
    titles.stop();
    client.close();
    await host.process.stop();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
