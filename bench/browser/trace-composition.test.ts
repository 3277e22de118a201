import { describe, expect, it } from 'vitest';
import { describeComposition, longestTasksByCpu, pageMainThread } from './trace-composition';

const PAGE = { pid: 2, tid: 2 };
const DIAGRAM_FRAME = { pid: 3, tid: 3 };

/** A complete event (times in µs): wall `dur`, CPU `tdur`. */
const span = (where: { pid: number; tid: number }, name: string, ts: number, dur: number, tdur = dur, data?: object) => ({
  name,
  ph: 'X',
  ...where,
  ts,
  dur,
  tdur,
  ...(data ? { args: { data } } : {}),
});
const prePaint = (where: { pid: number; tid: number }, ts: number, outermost: boolean) =>
  span(where, 'PrePaint', ts, 100, 100, { isOutermostMainFrame: outermost });

describe('pageMainThread', () => {
  it('is the thread that pre-paints the outermost main frame, even when a diagram frame’s thread is busier', () => {
    const events = [
      span(DIAGRAM_FRAME, 'RunTask', 0, 900_000),
      prePaint(DIAGRAM_FRAME, 10, false),
      prePaint(PAGE, 10, true),
      prePaint(PAGE, 20, true),
      span(PAGE, 'RunTask', 0, 1_000),
    ];
    expect(pageMainThread(events)).toBe('2:2');
    expect(longestTasksByCpu({ traceEvents: events }, 1)[0]?.cpuMs).toBe(1);
  });

  it('is none in something that is not a trace', () => {
    expect(pageMainThread([])).toBeNull();
    expect(longestTasksByCpu('not a trace', 3)).toEqual([]);
  });
});

describe('longestTasksByCpu', () => {
  it('takes the tasks with the most CPU time (not wall time) and splits it by kind, a forced layout as layout', () => {
    const events = [
      prePaint(PAGE, 200_000, true),
      // Task 1: 80 ms of wall time, but only 20 ms of CPU (the machine was busy).
      span(PAGE, 'RunTask', 0, 80_000, 20_000),
      span(PAGE, 'FunctionCall', 100, 70_000, 20_000),
      // Task 2: a frame, 40 ms of CPU: a script that forces 6 ms of layout, then style, layout, paint.
      span(PAGE, 'RunTask', 100_000, 45_000, 40_000),
      span(PAGE, 'FireAnimationFrame', 100_100, 10_000, 10_000),
      span(PAGE, 'FunctionCall', 100_200, 9_000, 9_000),
      span(PAGE, 'Layout', 101_000, 6_000, 6_000),
      span(PAGE, 'UpdateLayoutTree', 111_000, 3_000, 3_000),
      span(PAGE, 'Layout', 114_000, 5_000, 5_000),
      span(PAGE, 'Paint', 120_000, 15_000, 15_000),
      span(PAGE, 'Paint', 120_100, 14_000, 14_000),
      span(PAGE, 'MinorGC', 136_000, 2_000, 2_000),
    ];
    const [first, second] = longestTasksByCpu({ traceEvents: events }, 2);
    expect(first).toEqual({
      atMs: 100,
      wallMs: 45,
      cpuMs: 40,
      kinds: { script: 4, style: 3, layout: 11, prePaint: 0, paint: 15, layerize: 0, commit: 0, gc: 2, other: 5 },
    });
    expect(second).toMatchObject({ atMs: 0, wallMs: 80, cpuMs: 20, kinds: { script: 20, other: 0 } });
    expect(describeComposition(first!)).toBe(
      '40.0 ms CPU (45.0 wall) at +100 ms: paint 15.0, layout 11.0, other 5.0, script 4.0, style 3.0, gc 2.0',
    );
  });
});
