import type { Browser } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebHost, OUT_DIR } from '../../scripts/build/build-web-host';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess, startNode, type BenchProcess } from '../runner/bench-processes';
import { median } from '../report/bench-stats';
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
 * In the page: the wall-clock time (epoch ms) of the first frame whose sidebar lists `count`
 * conversations or, for 0, says it has none (the list has been read: no longer "Loading").
 */
const LISTED = `(count) => new Promise((done) => {
  const listed = () => count > 0
    ? document.querySelectorAll('[data-testid="conversation-item"]').length >= count
    : document.querySelector('[data-testid="conversations-empty"]') !== null;
  const check = () => {
    if (listed()) done(Date.now());
    else requestAnimationFrame(check);
  };
  check();
})`;

export type StartHost = (dataDir: string) => Promise<{ url: string; process: BenchProcess }>;

/**
 * web_cold_start_ms: from spawning the web host (a new process) to the app's first contentful
 * paint in Chromium (Performance API), each run on a new data folder and a new page. The host is
 * the one `npm run web` runs: bundled (web.vite.config.ts) once, before the timed runs, and
 * started with plain `node`. Chromium itself is started once, before: its own start is not TACO's.
 *
 * With TACO_BENCH_COLD_TSX=1 each run is paired with a start of the host from source under tsx
 * (the path this figure measured before the bundle), logged for the ratio, not reported.
 */
export async function runColdStartBench(options: ColdStartBenchOptions): Promise<Samples> {
  mkdirSync(OUT_DIR, { recursive: true });
  const bundleDir = mkdtempSync(join(OUT_DIR, 'bench-web-'));
  const fake = await startFakeOllamaProcess('basic-chat');
  const browser = await launchChromium();
  const samples: number[] = [];
  const fromSource: number[] = [];
  try {
    const built = bundledHost(await buildWebHost(bundleDir), options.staticDir, fake.url);
    const source: StartHost = (dataDir) => startBenchHost(options.staticDir, dataDir, fake.url);
    for (let run = 0; run < options.runs; run += 1) {
      const bundled = await coldStart(browser, built);
      samples.push(bundled.paintMs);
      options.log(`  cold start: ${describe(bundled)}`);
      if (process.env.TACO_BENCH_COLD_TSX === '1') {
        const tsx = await coldStart(browser, source);
        fromSource.push(tsx.paintMs);
        options.log(`  cold start from source (tsx): ${describe(tsx)}`);
      }
    }
    if (fromSource.length > 0) {
      const ratio = median(fromSource) / median(samples);
      options.log(
        `  median bundled ${median(samples).toFixed(0)} ms, from source ${median(fromSource).toFixed(0)} ms (${ratio.toFixed(2)} ×)`,
      );
    }
    return { web_cold_start_ms: samples };
  } finally {
    await browser.close();
    await fake.process.stop();
    await rm(bundleDir, { recursive: true, force: true });
  }
}

/** Starts the bundled web host (`npm run web`'s) on a data folder. */
export function bundledHost(entry: string, staticDir: string, ollamaUrl: string): StartHost {
  return async (dataDir) => {
    const args = ['--port', '0', '--static-dir', staticDir, '--data-dir', dataDir, '--host', ollamaUrl];
    const profileDir = process.env.TACO_BENCH_CPU_PROF;
    const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const running = await startNode([...nodeArgs, entry, ...args], entry, /TACO is running at (\S+)/, 120_000);
    return { url: running.match[1] ?? '', process: running };
  };
}

export interface ColdStart {
  /** Spawn → the host's ready line (it listens and its services are up). */
  readyMs: number;
  /** Spawn → the page's first contentful paint: the figure. */
  paintMs: number;
  /** Spawn → painted and, when asked for, the sidebar listing that many conversations (or saying it has none). */
  usableMs: number;
}

export const describe = (run: ColdStart): string => `${run.paintMs.toFixed(0)} ms (host ready after ${run.readyMs.toFixed(0)} ms)`;

/**
 * One timed start: spawn the host on a data folder (a new empty one unless given), open its page,
 * wait for the first paint and, when `listed` is given, for the sidebar to list that many
 * conversations (0: to say it has none).
 */
export async function coldStart(browser: Browser, start: StartHost, given?: string, listed?: number): Promise<ColdStart> {
  const dataDir = given ?? (await mkdtemp(join(tmpdir(), 'taco-bench-cold-')));
  const page = await browser.newPage();
  const started = Date.now();
  try {
    const host = await start(dataDir);
    const readyMs = Date.now() - started;
    try {
      await page.goto(host.url);
      const paintMs = ((await page.evaluate(FIRST_CONTENTFUL_PAINT)) as number) - started;
      const listedMs = listed !== undefined ? ((await page.evaluate(`(${LISTED})(${listed})`)) as number) - started : 0;
      return { readyMs, paintMs, usableMs: Math.max(paintMs, listedMs) };
    } finally {
      await host.process.stop();
    }
  } finally {
    await page.close();
    if (!given) await rm(dataDir, { recursive: true, force: true });
  }
}
