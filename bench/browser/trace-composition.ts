/**
 * What a page's longest tasks were made of, from a Chromium trace (the timeline categories the
 * hostile-render bench records with TACO_BENCH_TRACE_DIR): per task, its CPU time split into
 * script, style, layout, pre-paint, paint, layerize, commit and GC. CPU time (the trace's `tdur`),
 * not wall time: on a loaded machine a task's wall time includes the time it was not running.
 *
 * Run it on traces: `npx tsx bench/browser/trace-composition.ts <trace.json>… [--top N]`.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

export type WorkKind = 'script' | 'style' | 'layout' | 'prePaint' | 'paint' | 'layerize' | 'commit' | 'gc';

const KIND_OF_EVENT: Readonly<Record<string, WorkKind>> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  EventDispatch: 'script',
  HandlePostMessage: 'script',
  RunMicrotasks: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'prePaint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

export interface TaskComposition {
  /** When the task started, from the first task of the thread (ms). */
  atMs: number;
  wallMs: number;
  cpuMs: number;
  /** CPU time of each kind of work, each counted once (a layout forced by a script is layout, not script). */
  kinds: Record<WorkKind | 'other', number>;
}

interface TraceEvent {
  name?: unknown;
  ph?: unknown;
  pid?: unknown;
  tid?: unknown;
  ts?: unknown;
  dur?: unknown;
  tdur?: unknown;
  args?: { data?: { isOutermostMainFrame?: unknown } };
}

interface Span {
  name: string;
  ts: number;
  end: number;
  cpu: number;
}

function eventsOf(trace: unknown): TraceEvent[] {
  if (Array.isArray(trace)) return trace as TraceEvent[];
  const events = (trace as { traceEvents?: unknown } | null)?.traceEvents;
  return Array.isArray(events) ? (events as TraceEvent[]) : [];
}

const threadOf = (event: TraceEvent): string => `${String(event.pid)}:${String(event.tid)}`;

/**
 * The page's main thread: the one that pre-paints the outermost main frame most often. Not the
 * busiest renderer thread: a diagram frame (its own process) can be busier than the page.
 */
export function pageMainThread(events: readonly TraceEvent[]): string | null {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'PrePaint' && event.args?.data?.isOutermostMainFrame === true) {
      counts.set(threadOf(event), (counts.get(threadOf(event)) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  for (const [thread, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = thread;
  return best;
}

function spanOf(event: TraceEvent): Span | null {
  if (event.ph !== 'X' || typeof event.name !== 'string' || typeof event.ts !== 'number' || typeof event.dur !== 'number') return null;
  const cpu = typeof event.tdur === 'number' ? event.tdur : event.dur;
  return { name: event.name, ts: event.ts, end: event.ts + event.dur, cpu };
}

function emptyKinds(): TaskComposition['kinds'] {
  return { script: 0, style: 0, layout: 0, prePaint: 0, paint: 0, layerize: 0, commit: 0, gc: 0, other: 0 };
}

/** Splits one task's CPU time: each kind's events minus the kinds nested in them. */
function compose(task: Span, inside: readonly Span[]): TaskComposition['kinds'] {
  const kinds = emptyKinds();
  const open: { span: Span; kind: WorkKind }[] = [];
  let counted = 0;
  for (const span of inside) {
    const kind = KIND_OF_EVENT[span.name];
    if (!kind) continue;
    while (open.length > 0 && (open[open.length - 1]?.span.end ?? 0) <= span.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent) kinds[parent.kind] -= span.cpu;
    else counted += span.cpu;
    kinds[kind] += span.cpu;
    open.push({ span, kind });
  }
  kinds.other = Math.max(0, task.cpu - counted);
  for (const key of Object.keys(kinds) as (keyof typeof kinds)[]) kinds[key] = Math.max(0, kinds[key]) / 1000;
  return kinds;
}

/** The `top` tasks of the page's main thread with the most CPU time, costliest first. */
export function longestTasksByCpu(trace: unknown, top: number): TaskComposition[] {
  const events = eventsOf(trace);
  const main = pageMainThread(events);
  if (main === null) return [];
  const spans: Span[] = [];
  for (const event of events) {
    if (threadOf(event) !== main) continue;
    const span = spanOf(event);
    if (span) spans.push(span);
  }
  spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
  const tasks = spans.filter((span) => span.name === 'RunTask');
  const firstAt = tasks[0]?.ts ?? 0;
  const chosen = [...tasks].sort((a, b) => b.cpu - a.cpu).slice(0, top);
  return chosen.map((task) => {
    const inside = spans.filter((span) => span !== task && span.ts >= task.ts && span.end <= task.end);
    return { atMs: (task.ts - firstAt) / 1000, wallMs: (task.end - task.ts) / 1000, cpuMs: task.cpu / 1000, kinds: compose(task, inside) };
  });
}

/** One line: "41.2 ms CPU (63.0 wall) at +2548 ms: paint 23.2, layout 7.1, …" (kinds of 0.5 ms or more, largest first). */
export function describeComposition(task: TaskComposition): string {
  const parts = Object.entries(task.kinds)
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`);
  return `${task.cpuMs.toFixed(1)} ms CPU (${task.wallMs.toFixed(1)} wall) at +${task.atMs.toFixed(0)} ms: ${parts.join(', ')}`;
}

async function main(argv: readonly string[]): Promise<void> {
  const topAt = argv.indexOf('--top');
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 5;
  const files = topAt >= 0 ? argv.filter((_, index) => index !== topAt && index !== topAt + 1) : argv;
  for (const file of files) {
    const trace = JSON.parse(await readFile(file, 'utf8')) as unknown;
    console.log(file);
    for (const task of longestTasksByCpu(trace, top)) console.log(`  ${describeComposition(task)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
