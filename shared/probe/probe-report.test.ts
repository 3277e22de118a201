import { describe, expect, it } from 'vitest';
import { median, overall, summariseTask, tunedSummary, type ProbeAttempt, type ProbeFailureKind } from './probe-report';

function tries(taskId: string, outcomes: readonly (ProbeFailureKind | 'pass')[]): ProbeAttempt[] {
  return outcomes.map((outcome, index) => ({
    taskId,
    passed: outcome === 'pass',
    failure: outcome === 'pass' ? null : outcome,
    toolRounds: index + 1,
    firstTokenMs: null,
    tokensPerSecond: null,
    durationMs: 100,
    note: null,
  }));
}

describe('pass^k and pass^1 when a task’s tries disagree', () => {
  it('a task that passes 2 of 3 tries has pass^3 0, and its pass^1 counts the tries that passed', () => {
    for (const outcomes of [
      ['pass', 'pass', 'wrong-tool'],
      ['wrong-tool', 'pass', 'pass'],
      ['pass', 'wrong-tool', 'pass'],
    ] as const) {
      const task = summariseTask('t', 'T', tries('t', outcomes));
      expect(task).toMatchObject({ runs: 3, passes: 2, passK: 0, failures: { 'wrong-tool': 1 } });
      expect(task.passAt1).toBeCloseTo(2 / 3, 10);
    }
  });

  it('only a task whose every try passed has pass^k 1; one whose every try failed has 0 for both', () => {
    expect(summariseTask('t', 'T', tries('t', ['pass', 'pass', 'pass']))).toMatchObject({ passK: 1, passAt1: 1, failures: {} });
    expect(summariseTask('t', 'T', tries('t', ['loop', 'no-call', 'loop']))).toMatchObject({
      passK: 0,
      passAt1: 0,
      failures: { loop: 2, 'no-call': 1 },
    });
    // No tries is not a pass.
    expect(summariseTask('t', 'T', [])).toMatchObject({ runs: 0, passes: 0, passK: 0, passAt1: 0, medianToolRounds: null });
  });

  it('overall: pass^k is the share of tasks whose every try passed, pass^1 the mean of the tasks’ rates', () => {
    const tasks = [
      summariseTask('a', 'A', tries('a', ['pass', 'pass', 'pass'])),
      summariseTask('b', 'B', tries('b', ['pass', 'timeout', 'pass'])),
      summariseTask('c', 'C', tries('c', ['timeout', 'wrong-answer', 'pass'])),
      summariseTask('d', 'D', tries('d', ['no-call', 'no-call', 'no-call'])),
    ];
    const figures = overall(tasks);
    expect(figures.passK).toBe(1 / 4);
    expect(figures.passAt1).toBeCloseTo((1 + 2 / 3 + 1 / 3 + 0) / 4, 10);
    expect(figures.failures).toEqual({ timeout: 2, 'wrong-answer': 1, 'no-call': 3 });
    expect(overall([])).toEqual({ passAt1: 0, passK: 0, failures: {} });
  });

  it('pass^k does not depend on the order of the tasks or of the tries', () => {
    const tasks = [
      summariseTask('b', 'B', tries('b', ['timeout', 'pass', 'pass'])),
      summariseTask('a', 'A', tries('a', ['pass', 'pass', 'pass'])),
    ];
    expect(overall(tasks)).toEqual(overall([...tasks].reverse()));
    expect(overall(tasks).passK).toBe(1 / 2);
  });
});

describe('the figures beside pass^k', () => {
  it('median of odd and even counts, none of nothing', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNull();
    expect(summariseTask('t', 'T', tries('t', ['pass', 'pass'])).medianToolRounds).toBe(1.5);
  });

  it('the tuned words name the format, the budget and thinking, or say the model does not use tools', () => {
    expect(tunedSummary({ toolMode: 'prompt', toolBudget: 8, think: false, usesTools: true })).toBe(
      'Tuned from its report: prompt format, 8 tools',
    );
    expect(tunedSummary({ toolMode: 'native', toolBudget: 16, think: true, usesTools: true })).toBe(
      'Tuned from its report: native tool calls, 16 tools, thinking on',
    );
    expect(tunedSummary({ toolMode: 'native', toolBudget: 16, think: true, usesTools: false })).toMatch(/^Does not use tools/);
  });
});
