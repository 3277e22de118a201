/** Reading a Chromium performance trace: the renderer main thread's tasks. */

interface TraceEvent {
  name?: unknown;
  ph?: unknown;
  pid?: unknown;
  tid?: unknown;
  dur?: unknown;
  args?: { name?: unknown };
}

export interface MainThreadTasks {
  /** Duration of every top-level task on the renderer's main thread, in ms. */
  durationsMs: number[];
}

export interface TaskSummary {
  count: number;
  totalMs: number;
  longestMs: number;
}

/** The events of a trace as Chromium writes it (an object with traceEvents, or a bare array). */
function traceEvents(trace: unknown): TraceEvent[] {
  if (Array.isArray(trace)) return trace as TraceEvent[];
  if (typeof trace === 'object' && trace !== null && Array.isArray((trace as { traceEvents?: unknown }).traceEvents)) {
    return (trace as { traceEvents: TraceEvent[] }).traceEvents;
  }
  return [];
}

/**
 * The tasks (`RunTask`, complete events) of the busiest `CrRendererMain` thread: the page's main
 * thread, where script, style, layout and paint all run. Other renderers (none, usually) are idle.
 */
export function rendererMainTasks(trace: unknown): MainThreadTasks {
  const events = traceEvents(trace);
  const mainThreads = new Set<string>();
  for (const event of events) {
    if (event.name === 'thread_name' && event.args?.name === 'CrRendererMain') mainThreads.add(`${String(event.pid)}:${String(event.tid)}`);
  }
  const byThread = new Map<string, number[]>();
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || typeof event.dur !== 'number') continue;
    const thread = `${String(event.pid)}:${String(event.tid)}`;
    if (!mainThreads.has(thread)) continue;
    const list = byThread.get(thread) ?? [];
    list.push(event.dur / 1000);
    byThread.set(thread, list);
  }
  let busiest: number[] = [];
  let busiestTotal = -1;
  for (const durations of byThread.values()) {
    const total = durations.reduce((sum, value) => sum + value, 0);
    if (total > busiestTotal) {
      busiest = durations;
      busiestTotal = total;
    }
  }
  return { durationsMs: busiest };
}

export function summarizeTasks(tasks: MainThreadTasks): TaskSummary {
  const { durationsMs } = tasks;
  return {
    count: durationsMs.length,
    totalMs: durationsMs.reduce((sum, value) => sum + value, 0),
    longestMs: durationsMs.reduce((longest, value) => Math.max(longest, value), 0),
  };
}

/** Categories that record every main-thread task (and little else, to keep tracing cheap). */
export const TASK_CATEGORIES = ['disabled-by-default-devtools.timeline'];
