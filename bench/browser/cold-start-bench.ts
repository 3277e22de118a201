import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchLog, Samples } from '../bench-figures';
import { startFakeOllamaProcess } from '../bench-processes';
import { launchChromium, startBenchHost } from './browser-bench';

export interface ColdStartBenchOptions extends BenchLog {
  staticDir: string;
}

/** In the page: the wall-clock time (epoch ms) of its first contentful paint, once there is one. */
const FIRST_CONTENTFUL_PAINT = `new Promise((done) => {
  const find = () => performance.getEntriesByName('first-contentful-paint')[0];
  const found = find();
  if (found) return done(performance.timeOrigin + found.startTime);
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (entry) { observer.disconnect(); done(performance.timeOrigin + entry.startTime); }
  }).observe({ type: 'paint', buffered: true });
})`;

/**
 * web_cold_start_ms: from spawning the web host (a new process, the renderer already built) to
 * the app's first contentful paint in Chromium (Performance API), each run on a new data folder
 * and a new page. Chromium itself is started once, before: its own start is not TACO's.
 */
export async function runColdStartBench(options: ColdStartBenchOptions): Promise<Samples> {
  const fake = await startFakeOllamaProcess('basic-chat');
  const browser = await launchChromium();
  const samples: number[] = [];
  try {
    for (let run = 0; run < options.runs; run += 1) {
      const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-cold-'));
      const page = await browser.newPage();
      const started = Date.now();
      const host = await startBenchHost(options.staticDir, dataDir, fake.url);
      try {
        await page.goto(host.url);
        const paintedAt = (await page.evaluate(FIRST_CONTENTFUL_PAINT)) as number;
        samples.push(paintedAt - started);
        options.log(`  cold start: ${(paintedAt - started).toFixed(0)} ms`);
      } finally {
        await page.close();
        await host.process.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
    return { web_cold_start_ms: samples };
  } finally {
    await browser.close();
    await fake.process.stop();
  }
}
