import type { Browser, Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { concurrentTaskText } from '../../test-support/fake-ollama/scenarios/tools/concurrent-tasks';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess } from '../runner/bench-processes';
import { connectBenchClient, type WsBenchClient } from '../services/ws-bench-client';
import { launchChromium, startBenchHost } from './browser-bench';
import { rendererMainTasks, summarizeTasks, TASK_CATEGORIES } from './chromium-trace';
import { watchWave, type WaveReport } from './concurrent-wave';
import { call, COUNT_BATCHES, READ_COUNTS, TWO_FRAMES, WAIT_FOR_ANSWERS } from './page-scripts';
import { pickModel } from '../../e2e/support/model-picker';

export interface ConcurrentPageBenchOptions extends BenchLog {
  staticDir: string;
}

interface WaveCost {
  longestTaskMs: number;
  batches: number;
  report: WaveReport;
}

/**
 * concurrent_8_long_task_ms: the renderer in Chromium showing one of eight busy conversations.
 * The page starts the one it shows from its composer; a WebSocket client beside it starts the
 * other seven at the same moment (the host sends the page every conversation's events, as it
 * would with eight running). All eight ask first and are answered together (`concurrent-wave.ts`),
 * then calculate three times and stream, at once. The longest renderer main-thread task from
 * the Enter key to the shown conversation's whole answer painted, from a Chromium trace (as
 * stream_long_task_ms); the page must show exactly what its conversation streamed.
 * With TACO_BENCH_TRACE_DIR=<dir>, each measured wave's trace is written there (open it in
 * Chrome DevTools, Performance panel) to see what the longest tasks were.
 */
export async function runConcurrentPageBench(options: ConcurrentPageBenchOptions): Promise<Samples> {
  const fake = await startFakeOllamaProcess('concurrent-tasks');
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-concurrent-page-'));
  const host = await startBenchHost(options.staticDir, dataDir, fake.url);
  const client = await connectBenchClient(host.url, { answerQuestions: false });
  const browser = await launchChromium();
  const longest: number[] = [];
  try {
    const page = await browser.newPage({ viewport: BENCH_DEFAULTS.viewport });
    await page.addInitScript({ content: COUNT_BATCHES });
    await page.goto(host.url);
    await page.getByTestId('model-picker').waitFor({ state: 'visible' });
    let wave = 0;
    for (let warmup = 0; warmup < BENCH_DEFAULTS.concurrentPageWarmupWaves; warmup += 1) {
      await runWave(page, client, null, (wave += 1));
    }
    for (let run = 0; run < options.runs; run += 1) {
      const cost = await runWave(page, client, browser, (wave += 1));
      longest.push(cost.longestTaskMs);
      options.log(
        `  ${cost.report.conversations} at once for ${cost.report.overlapMs.toFixed(0)} ms (answers to last finish ${cost.report.spanMs.toFixed(0)} ms), ${cost.batches} batches to the page, longest task ${cost.longestTaskMs.toFixed(1)} ms`,
      );
    }
    return { concurrent_8_long_task_ms: longest };
  } finally {
    await browser.close();
    client.close();
    await host.process.stop();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One wave of eight in new conversations, the page's the first task; traced when `browser` is given. */
async function runWave(page: Page, client: WsBenchClient, browser: Browser | null, wave: number): Promise<WaveCost> {
  const count = BENCH_DEFAULTS.concurrentConversations;
  const tasks = Array.from({ length: count }, (_, index) => wave * 100 + index + 1);
  const [shown, ...others] = tasks;
  if (shown === undefined) throw new Error('A wave needs at least one conversation.');
  await page.getByTestId('new-chat').click();
  await pickModel(page, BENCH_DEFAULTS.concurrentModel);
  const composer = page.getByTestId('composer');
  await composer.fill(`calculate task ${shown}`);
  await page.evaluate(call(TWO_FRAMES, null));
  const before = (await page.evaluate(call(READ_COUNTS, null))) as { batches: number };
  const watch = watchWave(client, tasks, BENCH_DEFAULTS.concurrentPageTimeoutMs);
  if (browser) await browser.startTracing(page, { categories: TASK_CATEGORIES });
  let failure: unknown = null;
  let report: WaveReport | null = null;
  try {
    await Promise.all([
      composer.press('Enter'),
      ...others.map((task) =>
        client.call('chat.send', { conversationId: null, text: `calculate task ${task}`, model: BENCH_DEFAULTS.concurrentModel }),
      ),
    ]);
    report = await watch.done;
    const expected = concurrentTaskText(shown).replace(/\s+/g, ' ').trim();
    await page.evaluate(call(WAIT_FOR_ANSWERS, { expected, timeoutMs: BENCH_DEFAULTS.concurrentPageTimeoutMs }));
    await page.evaluate(call(TWO_FRAMES, null));
  } catch (error) {
    failure = error;
  } finally {
    watch.stop();
  }
  const trace = browser ? await browser.stopTracing() : null;
  const traceDir = process.env.TACO_BENCH_TRACE_DIR;
  if (trace && traceDir) await writeFile(join(traceDir, `concurrent-wave-${wave}.json`), trace);
  if (failure !== null) throw failure;
  if (!report) throw new Error('The wave gave no report.');
  const after = (await page.evaluate(call(READ_COUNTS, null))) as { batches: number };
  const longestTaskMs = trace ? summarizeTasks(rendererMainTasks(JSON.parse(trace.toString('utf8')) as unknown)).longestMs : 0;
  return { longestTaskMs, batches: after.batches - before.batches, report };
}
