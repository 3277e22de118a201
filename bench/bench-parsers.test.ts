import { describe, expect, it } from 'vitest';
import { initialScripts } from './browser/bundle-bench';
import { rendererMainTasks, summarizeTasks } from './browser/chromium-trace';

describe('initialScripts', () => {
  it('lists the entry module and its modulepreloads, not stylesheets, lazy chunks or remote scripts', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="./assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/vendor-def.js">
      <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
      <script src="https://example.com/x.js"></script>
    </head><body></body></html>`;
    expect(initialScripts(html)).toEqual(['assets/index-abc.js', 'assets/vendor-def.js']);
  });
});

describe('rendererMainTasks', () => {
  const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name } });
  const task = (pid: number, tid: number, durUs: number) => ({ name: 'RunTask', ph: 'X', pid, tid, ts: 1, dur: durUs });

  it('takes the tasks of the busiest renderer main thread, in ms', () => {
    const trace = {
      traceEvents: [
        meta(1, 1, 'CrBrowserMain'),
        meta(2, 2, 'CrRendererMain'),
        meta(3, 3, 'CrRendererMain'),
        task(1, 1, 90_000),
        task(2, 2, 4_000),
        task(3, 3, 12_000),
        task(3, 3, 30_000),
        { name: 'RunTask', ph: 'B', pid: 3, tid: 3, ts: 5 },
      ],
    };
    expect(rendererMainTasks(trace).durationsMs).toEqual([12, 30]);
    expect(summarizeTasks(rendererMainTasks(trace))).toEqual({ count: 2, totalMs: 42, longestMs: 30 });
  });

  it('reads a bare event array, and nothing from something that is not a trace', () => {
    expect(rendererMainTasks([meta(2, 2, 'CrRendererMain'), task(2, 2, 1000)]).durationsMs).toEqual([1]);
    expect(summarizeTasks(rendererMainTasks('not a trace'))).toEqual({ count: 0, totalMs: 0, longestMs: 0 });
  });
});
