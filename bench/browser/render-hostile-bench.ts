import type { Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess } from '../runner/bench-processes';
import { launchChromium, startBenchHost } from './browser-bench';
import { HOSTILE_RENDER_END, writeHostileRenderConversation } from './hostile-render-data';
import { call, TWO_FRAMES, WAIT_FOR_CONVERSATIONS } from './page-scripts';
import { describeComposition, longestTasksByCpu } from './trace-composition';

export interface RenderHostileBenchOptions extends BenchLog {
  staticDir: string;
}

const TITLE = 'Bench hostile render';
/** Tasks of each traced run whose composition is logged, costliest CPU first. */
const TRACE_TASKS_SHOWN = 3;

/** Added before the app loads: the longest task of the page's own event loop (Long Tasks API), buffered. */
const WATCH_LONG_TASKS = `(() => {
  const watch = { longestMs: 0, count: 0, longestFrom: '', tasks: [] };
  window.__tacoLongTasks = watch;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      watch.count += 1;
      const from = entry.name + (entry.attribution && entry.attribution[0] ? ' ' + entry.attribution[0].containerType + ' ' + entry.attribution[0].containerSrc : '');
      watch.tasks.push(Math.round(entry.duration) + ' ' + from);
      if (entry.duration > watch.longestMs) { watch.longestMs = entry.duration; watch.longestFrom = from; }
    }
  }).observe({ type: 'longtask', buffered: true });
})();`;

const READ_LONG_TASKS = `() => window.__tacoLongTasks`;
const RESET_LONG_TASKS = `() => { Object.assign(window.__tacoLongTasks, { longestMs: 0, count: 0, longestFrom: '', tasks: [] }); }`;

/**
 * Resolves once nothing in the conversation is still being drawn or typeset (no diagram waiting
 * for its drawing, no formula waiting for its slice) for a few frames in a row.
 */
const WAIT_FOR_SETTLED = `({ timeoutMs }) => new Promise((resolve, reject) => {
  const started = performance.now();
  let quiet = 0;
  const check = () => {
    const busy = document.querySelectorAll('[data-testid="mermaid-fallback"][data-state="drawing"], [data-state="pending"]').length;
    quiet = busy === 0 ? quiet + 1 : 0;
    if (quiet >= 10) { resolve(null); return; }
    if (performance.now() - started > timeoutMs) { reject(new Error(busy + ' diagrams or formulas were still being drawn after ' + timeoutMs + ' ms.')); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/**
 * render_hostile_long_task_ms: the longest task of the page's main thread (Long Tasks API) while a
 * conversation holding large and hostile mermaid diagrams and KaTeX formulas
 * (`hostile-render-data.ts`: the review's 496-edge graph and image node, a diagram at the caps,
 * an 84 KB matrix, 400 nested roots, many ordinary formulas) is opened from the sidebar, drawn,
 * scrolled to the top with the wheel and back. Each run on a fresh page (nothing cached).
 * With TACO_BENCH_TRACE_DIR=<dir>, each run's Chromium trace (timeline categories: script, style,
 * layout, pre-paint, paint per task) is written there, to see what the longest tasks were; with
 * TACO_BENCH_TRACE_JS=1 as well, it holds the JavaScript samples too (which functions a task ran;
 * TACO_BENCH_UNMINIFIED=1 builds the renderer unminified, so they have their names). The run's
 * costliest tasks by CPU time are logged with what they were made of (`trace-composition.ts`; the
 * first is often the start of tracing itself).
 */
export async function runRenderHostileBench(options: RenderHostileBenchOptions): Promise<Samples> {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-render-hostile-'));
  await writeHostileRenderConversation(dataDir, TITLE);
  const fake = await startFakeOllamaProcess('basic-chat');
  const host = await startBenchHost(options.staticDir, dataDir, fake.url);
  const browser = await launchChromium();
  const longest: number[] = [];
  try {
    for (let run = 0; run < options.runs; run += 1) {
      const page = await browser.newPage({ viewport: BENCH_DEFAULTS.viewport });
      try {
        await page.addInitScript({ content: WATCH_LONG_TASKS });
        await page.goto(host.url);
        await page.evaluate(call(WAIT_FOR_CONVERSATIONS, { count: 1, timeoutMs: 30_000 }));
        await page.getByTestId('model-picker').waitFor({ state: 'visible' });
        await page.evaluate(call(TWO_FRAMES, null));
        await page.evaluate(call(RESET_LONG_TASKS, null));
        const traceDir = process.env.TACO_BENCH_TRACE_DIR;
        if (traceDir) await browser.startTracing(page, { categories: traceCategories() });
        const { longestMs, count } = await openAndScroll(page);
        const trace = traceDir ? await browser.stopTracing() : null;
        longest.push(longestMs);
        options.log(`  opened, drawn and scrolled: ${count} long tasks, the longest ${longestMs.toFixed(1)} ms`);
        if (traceDir && trace) {
          await writeFile(join(traceDir, `render-hostile-${run}.json`), trace);
          const costliest = longestTasksByCpu(JSON.parse(trace.toString('utf8')) as unknown, TRACE_TASKS_SHOWN);
          for (const task of costliest) options.log(`    ${describeComposition(task)}`);
        }
      } finally {
        await page.close();
      }
    }
    return { render_hostile_long_task_ms: longest };
  } finally {
    await browser.close();
    await host.process.stop();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function traceCategories(): string[] {
  const timeline = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
  return process.env.TACO_BENCH_TRACE_JS === '1' ? [...timeline, 'disabled-by-default-v8.cpu_profiler'] : timeline;
}

async function openAndScroll(page: Page): Promise<{ longestMs: number; count: number }> {
  await page.getByTestId('conversation-item').filter({ hasText: TITLE }).click();
  await page.getByTestId('answer-text').filter({ hasText: HOSTILE_RENDER_END }).waitFor({ state: 'visible', timeout: 120_000 });
  await page.evaluate(call(WAIT_FOR_SETTLED, { timeoutMs: 120_000 }));
  const list = page.getByTestId('message-list');
  const box = await list.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // Up to the first message and back down, a wheel notch per frame or two, as a reader scrolls.
  for (const direction of [-1, 1]) {
    for (let step = 0; step < BENCH_DEFAULTS.renderHostileScrollSteps; step += 1) {
      await page.mouse.wheel(0, direction * 400);
      await page.evaluate(call(TWO_FRAMES, null));
    }
    await page.evaluate(call(WAIT_FOR_SETTLED, { timeoutMs: 120_000 }));
  }
  // Long-task entries are delivered after the task: let the observer run before reading.
  await page.evaluate(call(TWO_FRAMES, null));
  return (await page.evaluate(call(READ_LONG_TASKS, null))) as { longestMs: number; count: number };
}
