import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endMarker, writeConversations, type GeneratedConversation } from '../bench-data';
import { BENCH_DEFAULTS } from '../bench-defaults';
import { CHROMIUM_ARGS } from '../../scripts/chromium-location';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess, startScript, type BenchProcess } from '../runner/bench-processes';
import { rendererMainTasks, summarizeTasks, TASK_CATEGORIES } from './chromium-trace';
import {
  call,
  COUNT_BATCHES,
  COUNT_NODES,
  OPEN_AND_TIME,
  READ_COUNTS,
  TWO_FRAMES,
  WAIT_FOR_CONVERSATIONS,
  WAIT_FOR_FINISH,
} from './page-scripts';
import { pickModel } from '../../e2e/support/model-picker';

export interface BrowserBenchOptions extends BenchLog {
  /** The renderer, built for this benchmark. */
  staticDir: string;
}

type Size = 'large' | 'small';

/** Fewer batches than this for a paced stream (normally ~100) means it was not paced after all. */
const MIN_PACED_BATCHES = 20;

interface StreamCost {
  longestTaskMs: number;
  msPerBatch: number;
  batches: number;
}

/**
 * Starts the benchmark's web host (the real services) over a data folder; its pid is main's.
 * With TACO_BENCH_CPU_PROF=<dir>, main writes a CPU profile there when it stops (open it in
 * Chrome DevTools, Performance panel).
 */
export async function startBenchHost(
  staticDir: string,
  dataDir: string,
  ollamaUrl: string,
): Promise<{ url: string; process: BenchProcess }> {
  const profileDir = process.env.TACO_BENCH_CPU_PROF;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const running = await startScript(
    'bench/browser/bench-web-host.ts',
    ['--static-dir', staticDir, '--data-dir', dataDir, '--ollama', ollamaUrl],
    /TACO bench host at (\S+)/,
    nodeArgs,
  );
  return { url: running.match[1] ?? '', process: running };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.TACO_CHROMIUM ?? BENCH_DEFAULTS.chromiumPath, args: [...CHROMIUM_ARGS] });
}

/**
 * open_5000_ms, dom_nodes_5000, stream_long_task_ms, frame_cost_ratio: the real renderer in
 * Chromium through the web host, the real services behind it, the fake server's long-stream
 * scenario (bench-paced-stream) behind them. Each run opens a fresh page on its own pair of
 * conversations (5,000 and 10 messages, with code blocks) and streams 5,000 tokens into each; the
 * order alternates. The large one also gets the long-stream flood, for its longest task.
 */
export async function runBrowserBench(options: BrowserBenchOptions): Promise<Samples> {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-browser-'));
  const specs = Array.from({ length: options.runs }, (_, run) => [
    { title: benchTitle('large', run), messages: BENCH_DEFAULTS.browserMessages },
    { title: benchTitle('small', run), messages: BENCH_DEFAULTS.browserSmallMessages },
    { title: benchTitle('baseline', run), messages: BENCH_DEFAULTS.browserOpenBaselineMessages },
  ]).flat();
  const conversations = await writeConversations(dataDir, specs);
  const fake = await startFakeOllamaProcess('bench-paced-stream');
  const host = await startBenchHost(options.staticDir, dataDir, fake.url);
  const browser = await launchChromium();
  const samples: Required<
    Pick<Samples, 'open_5000_ms' | 'open_5000_ratio' | 'dom_nodes_5000' | 'stream_long_task_ms' | 'frame_cost_ratio'>
  > = {
    open_5000_ms: [],
    open_5000_ratio: [],
    dom_nodes_5000: [],
    stream_long_task_ms: [],
    frame_cost_ratio: [],
  };
  try {
    const costs: Record<Size, StreamCost[]> = { large: [], small: [] };
    const baselines: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const order: Size[] = run % 2 === 0 ? ['large', 'small'] : ['small', 'large'];
      // open_5000_ratio's baseline (50 messages), before the pair on even runs and after it on odd ones.
      if (run % 2 === 0) baselines.push(await openBaseline(browser, host.url, conversations, run));
      for (const size of order) {
        const conversation = conversations.find((made) => made.title === benchTitle(size, run));
        if (!conversation) throw new Error(`The generated conversation "${benchTitle(size, run)}" is missing.`);
        const page = await openPage(browser, host.url, conversations.length);
        try {
          const opened = await openConversation(page, conversation);
          if (size === 'large') {
            samples.open_5000_ms.push(opened.totalMs);
            samples.dom_nodes_5000.push(Number(await page.evaluate(call(COUNT_NODES, null))));
          }
          if (size === 'large') {
            const flood = await streamInto(browser, page, 'flood');
            samples.stream_long_task_ms.push(flood.longestTaskMs);
            options.log(
              `  large: flood of ${BENCH_DEFAULTS.streamTokens} tokens in ${flood.batches} batches, longest task ${flood.longestTaskMs.toFixed(1)} ms`,
            );
          }
          const cost = await streamInto(browser, page, 'paced');
          costs[size].push(cost);
          options.log(
            `  ${size}: ${describeOpen(opened)}; paced stream: ${cost.batches} batches, ${cost.msPerBatch.toFixed(2)} ms per batch, longest task ${cost.longestTaskMs.toFixed(1)} ms`,
          );
        } finally {
          await page.close();
        }
      }
      if (run % 2 === 1) baselines.push(await openBaseline(browser, host.url, conversations, run));
      const baseline = baselines[run];
      const openedLarge = samples.open_5000_ms[run];
      if (baseline !== undefined && openedLarge !== undefined) {
        samples.open_5000_ratio.push(openedLarge / baseline);
        options.log(`  baseline: ${BENCH_DEFAULTS.browserOpenBaselineMessages} messages opened in ${baseline.toFixed(0)} ms`);
      }
      const large = costs.large[run];
      const small = costs.small[run];
      if (large && small && isPaced(large) && isPaced(small)) samples.frame_cost_ratio.push(large.msPerBatch / small.msPerBatch);
      else options.log('  (this run is left out of frame_cost_ratio: a paced stream arrived in too few batches to give a per-frame cost)');
    }
    return samples;
  } finally {
    await browser.close();
    await host.process.stop();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Opens the run's 50-message conversation on a fresh page: click → last message painted, in ms. */
async function openBaseline(browser: Browser, url: string, conversations: GeneratedConversation[], run: number): Promise<number> {
  const conversation = conversations.find((made) => made.title === benchTitle('baseline', run));
  if (!conversation) throw new Error(`The generated conversation "${benchTitle('baseline', run)}" is missing.`);
  const page = await openPage(browser, url, conversations.length);
  try {
    return (await openConversation(page, conversation)).totalMs;
  } finally {
    await page.close();
  }
}

/** A paced stream spreads over many frames; one that came in a handful of batches (main stalled) says nothing per frame. */
function isPaced(cost: StreamCost): boolean {
  return cost.batches >= MIN_PACED_BATCHES && cost.msPerBatch > 0;
}

/** Titles that never contain one another ("1" is inside "10"; "01" is not inside "10"). */
function benchTitle(size: Size | 'baseline', run: number): string {
  return `Bench ${size} ${String(run + 1).padStart(3, '0')}`;
}

/** A fresh page (a fresh store: nothing cached from earlier runs), with the sidebar listed. */
async function openPage(browser: Browser, url: string, conversations: number): Promise<Page> {
  const page = await browser.newPage({ viewport: BENCH_DEFAULTS.viewport });
  await page.addInitScript({ content: COUNT_BATCHES });
  await page.goto(url);
  await page.evaluate(call(WAIT_FOR_CONVERSATIONS, { count: conversations, timeoutMs: 30_000 }));
  await page.getByTestId('model-picker').waitFor({ state: 'visible' });
  return page;
}

export interface OpenTiming {
  /** Click to the last message painted. */
  totalMs: number;
  /** Click to the conversation's data arriving from main (null if it did not come over the socket). */
  arrivedMs: number | null;
  bytes: number;
}

async function openConversation(page: Page, conversation: GeneratedConversation): Promise<OpenTiming> {
  const timing = (await page.evaluate(
    call(OPEN_AND_TIME, { title: conversation.title, marker: endMarker(conversation.title), timeoutMs: 30_000 }),
  )) as OpenTiming;
  await pickModel(page, BENCH_DEFAULTS.model);
  await page.evaluate(call(TWO_FRAMES, null));
  return timing;
}

function describeOpen(timing: OpenTiming): string {
  const arrived =
    timing.arrivedMs === null ? '' : ` (data from main after ${timing.arrivedMs.toFixed(0)} ms, ${(timing.bytes / 1e6).toFixed(1)} MB)`;
  return `opened in ${timing.totalMs.toFixed(0)} ms${arrived}`;
}

/**
 * Streams N tokens into the open conversation under a trace; the cost of the renderer's main
 * thread. `flood`: the long-stream reply, as fast as main can take it (a handful of big batches);
 * `paced`: a few tokens a millisecond (a batch every frame, which is what per-frame cost needs).
 */
async function streamInto(browser: Browser, page: Page, pace: 'flood' | 'paced'): Promise<StreamCost> {
  const before = (await page.evaluate(call(READ_COUNTS, null))) as { batches: number; finishes: number };
  await browser.startTracing(page, { categories: TASK_CATEGORIES });
  let failure: unknown = null;
  try {
    const composer = page.getByTestId('composer');
    await composer.fill(`Write ${BENCH_DEFAULTS.streamTokens} tokens, please${pace === 'flood' ? ', as a flood' : ''}.`);
    await composer.press('Enter');
    await page.evaluate(call(WAIT_FOR_FINISH, { finishes: before.finishes, timeoutMs: 60_000 }));
    await page.evaluate(call(TWO_FRAMES, null));
  } catch (error) {
    failure = error;
  }
  const trace = await browser.stopTracing();
  if (failure !== null) throw failure;
  const summary = summarizeTasks(rendererMainTasks(JSON.parse(trace.toString('utf8')) as unknown));
  const after = (await page.evaluate(call(READ_COUNTS, null))) as { batches: number; finishes: number };
  const batches = Math.max(1, after.batches - before.batches);
  return { longestTaskMs: summary.longestMs, msPerBatch: summary.totalMs / batches, batches };
}
