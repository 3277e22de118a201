import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../bench-figures';
import { startFakeOllamaProcess } from '../bench-processes';
import { bracketedRatios, median } from '../bench-stats';
import { startBenchHost } from '../browser/browser-bench';
import { connectBenchClient, type WsBenchClient } from './ws-bench-client';

export interface ConcurrentBenchOptions extends BenchLog {
  staticDir: string;
}

/** Per-conversation wall time (chat.send → its run-finish) of `count` conversations started together. */
async function wave(client: WsBenchClient, count: number, wave: number): Promise<number[]> {
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
  return finishes.map((finish) => finish.at - started);
}

/**
 * concurrent_8_ratio: eight conversations streaming and calling tools at once through the web
 * host (its own process, the real services) over one conversation alone, per-conversation wall
 * time (median). The fake server's concurrent-tasks scenario asks a question (answered at once),
 * calculates three times and answers, pausing between streamed pieces like a model would.
 * Each wave of eight is divided by the mean of the single conversations run just before and just
 * after it (`bracketedRatios`): one alone conversation is one sample, and a load that changed during
 * the run weighed on a ratio over the one before alone.
 */
export async function runConcurrentBench(options: ConcurrentBenchOptions): Promise<Samples> {
  const fake = await startFakeOllamaProcess('concurrent-tasks');
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-concurrent-'));
  const host = await startBenchHost(options.staticDir, dataDir, fake.url);
  const client = await connectBenchClient(host.url);
  try {
    await wave(client, 1, 0);
    await wave(client, BENCH_DEFAULTS.concurrentConversations, 1);
    // One alone, eight, one alone, eight, …, one alone: each wave over the two alone on either side of it.
    const alone: number[] = [median(await wave(client, 1, 10))];
    const together: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      together.push(median(await wave(client, BENCH_DEFAULTS.concurrentConversations, 11 + run * 2)));
      alone.push(median(await wave(client, 1, 12 + run * 2)));
      options.log(
        `  one alone ${alone[run]?.toFixed(0)} and ${alone[run + 1]?.toFixed(0)} ms, each of ${BENCH_DEFAULTS.concurrentConversations} together between them ${together[run]?.toFixed(0)} ms`,
      );
    }
    return { concurrent_8_ratio: bracketedRatios(together, alone) };
  } finally {
    client.close();
    await host.process.stop();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
