import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endMarker, writeConversations } from '../bench-data';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { Samples } from '../report/bench-figures';
import { rssMb, startFakeOllamaProcess } from '../runner/bench-processes';
import { launchChromium, startBenchHost, type BrowserBenchOptions } from './browser-bench';
import { call, OPEN_AND_TIME, WAIT_FOR_CONVERSATIONS } from './page-scripts';

/** Host restarts for main_rss_mb (each start reads the index of 1,000 conversations). */
const RSS_RUNS = 3;

/**
 * main_rss_mb: the web host (main's services, in their own process) over a data folder of 1,000
 * conversations, with a page connected and one conversation open, after a moment to settle.
 * Measured with ps, so it is main's whole resident memory (Node, V8 heap, the tools, the loader).
 */
export async function runRssBench(options: BrowserBenchOptions): Promise<Samples> {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-rss-'));
  const specs = Array.from({ length: BENCH_DEFAULTS.rssConversations }, (_, index) => ({
    title: `Stored conversation ${String(index + 1).padStart(4, '0')}`,
    messages: BENCH_DEFAULTS.rssMessagesPerConversation,
  }));
  await writeConversations(dataDir, specs);
  const fake = await startFakeOllamaProcess('long-stream');
  const browser = await launchChromium();
  const samples: number[] = [];
  try {
    for (let run = 0; run < Math.min(options.runs, RSS_RUNS); run += 1) {
      const host = await startBenchHost(options.staticDir, dataDir, fake.url);
      try {
        const page = await browser.newPage({ viewport: BENCH_DEFAULTS.viewport });
        await page.goto(host.url);
        await page.evaluate(call(WAIT_FOR_CONVERSATIONS, { count: 20, timeoutMs: 30_000 }));
        const title = specs[run]?.title ?? 'Stored conversation 0001';
        await page.evaluate(call(OPEN_AND_TIME, { title, marker: endMarker(title), timeoutMs: 30_000 }));
        await new Promise((resolve) => setTimeout(resolve, BENCH_DEFAULTS.rssSettleMs));
        const mb = await rssMb(host.process.pid);
        samples.push(mb);
        options.log(`  main RSS with ${specs.length} conversations, one open: ${mb.toFixed(1)} MB`);
        await page.close();
      } finally {
        await host.process.stop();
      }
    }
    return { main_rss_mb: samples };
  } finally {
    await browser.close();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
