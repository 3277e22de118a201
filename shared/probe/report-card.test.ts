import { describe, expect, it } from 'vitest';
import type { ProbeReport } from './probe-report';
import { compareMarkdown } from './compare-table';
import {
  everyTimeText,
  failuresText,
  formatsText,
  passKText,
  percent,
  proposalText,
  reportCardText,
  speedText,
  taskTally,
  verdictText,
} from './report-card';
import { overall, PROBE_FAILURE_KINDS, summariseTask, type ProbeAttempt } from './probe-report';

function report(formats: ProbeReport['formats']): ProbeReport {
  return {
    type: 'probe-report',
    model: 'qwen3:1.7b',
    server: 'This computer',
    runs: 3,
    passAt1: 0.5,
    passK: 0.25,
    medianToolRounds: 1,
    firstTokenMs: 800,
    tokensPerSecond: 20,
    tasks: [],
    failures: {},
    baseline: { toolMode: 'native', toolBudget: 16, think: false },
    tried: [],
    tuned: { toolMode: 'prompt', toolBudget: 16, think: false, usesTools: true, summary: 'Tuned from its report: prompt format, 16 tools' },
    ...(formats === undefined ? {} : { formats }),
    durationMs: 1000,
    finishedAt: 0,
  };
}

const formats = {
  taskId: 'read_then_write',
  title: 'Read, then write',
  constrained: { passes: 3, tries: 3, meanMs: 900 },
  unconstrained: { passes: 1, tries: 3, meanMs: 1100 },
};

describe('the constrained format on the report card', () => {
  it('says how the marked task did with the server’s grammar and without, in the card and the markdown table', () => {
    expect(formatsText(report(formats))).toBe("Read, then write: 3/3 with the server's grammar, 1/3 without");
    expect(reportCardText(report(formats))).toContain("prompt format: Read, then write: 3/3 with the server's grammar, 1/3 without");
    expect(compareMarkdown([report(formats)])).toContain(
      "| prompt format | Read, then write: 3/3 with the server's grammar, 1/3 without |",
    );
  });

  it('shows a dash for a report made before the comparison existed', () => {
    expect(formatsText(report(undefined))).toBe('—');
    expect(reportCardText(report(undefined))).not.toContain('prompt format:');
  });
});

function tries(taskId: string, passed: readonly boolean[]): ProbeAttempt[] {
  return passed.map((ok) => ({
    taskId,
    passed: ok,
    failure: ok ? null : 'wrong-tool',
    toolRounds: 1,
    firstTokenMs: null,
    tokensPerSecond: null,
    durationMs: 10,
    note: null,
  }));
}

describe('the card when a task’s tries disagree', () => {
  it('marks a task that passed 2 of 3 tries as not passing pass^3, with its count and failures', () => {
    const tasks = [
      summariseTask('a', 'Always', tries('a', [true, true, true])),
      summariseTask('b', 'Mostly', tries('b', [true, false, true])),
    ];
    const figures = overall(tasks);
    const text = reportCardText({
      ...report(undefined),
      tasks,
      passAt1: figures.passAt1,
      passK: figures.passK,
      failures: figures.failures,
    });
    expect(text).toContain('pass^1 83 %, pass^3 50 % (2 tasks × 3 tries)');
    expect(text).toMatch(/✓ Always\s+3\/3\n/);
    expect(text).toMatch(/✗ Mostly\s+2\/3 {2}\(wrong tool 1\)/);
    expect(text).toContain('failures: wrong tool 1');
  });

  it('words: percent rounds, no failures says none, missing speed shows dashes', () => {
    expect(percent(2 / 3)).toBe('67 %');
    expect(failuresText({})).toBe('none');
    expect(failuresText({ loop: 2, timeout: 1 })).toBe('loop 2, timeout 1');
    // Every kind has its own words, in the list's order whatever the object's.
    const every = Object.fromEntries([...PROBE_FAILURE_KINDS].reverse().map((kind, index) => [kind, index + 1]));
    expect(failuresText(every)).toBe(
      'no tool call 9, malformed call 8, wrong tool 7, bad arguments 6, loop 5, truncated 4, timeout 3, wrong answer 2, server error 1',
    );
    expect(speedText({ firstTokenMs: null, tokensPerSecond: null })).toBe('first token —, — tokens/s');
    expect(speedText({ firstTokenMs: 1250, tokensPerSecond: 12.34 })).toBe('first token 1.3 s, 12.3 tokens/s');
  });
});

describe('the whole card', () => {
  it('has its lines in order: verdict, figures, speed and rounds, failures, tasks, the format comparison when made, the proposal', () => {
    const tasks = [summariseTask('a', 'Always', tries('a', [true, true, true]))];
    const after = { passAt1: 1, passK: 1, tasks };
    expect(reportCardText({ ...report(formats), tasks, proposal: { after, decision: 'pending' } }).split('\n')).toEqual([
      'Reliable with tools: all 1 tasks every time',
      'qwen3:1.7b on This computer: pass^1 50 %, pass^3 25 % (1 tasks × 3 tries)',
      '  first token 0.8 s, 20.0 tokens/s, median tool rounds 1',
      '  failures: none',
      `  ✓ ${'Always'.padEnd(32)} 3/3`,
      "  prompt format: Read, then write: 3/3 with the server's grammar, 1/3 without",
      '  Proposed: prompt format, 16 tools, thinking off (now native tool calls, 16 tools, thinking off): all 1 tasks every time before, all 1 tasks every time after',
    ]);
    const bare = reportCardText({ ...report(null), medianToolRounds: null }).split('\n');
    expect(bare).toEqual([
      'Not checked: no task ran',
      'qwen3:1.7b on This computer: pass^1 50 %, pass^3 25 % (0 tasks × 3 tries)',
      '  first token 0.8 s, 20.0 tokens/s, median tool rounds —',
      '  failures: none',
      '  Its current settings did best: nothing to change.',
    ]);
  });
});

/** A report of eight tasks: `everyTime` pass all three tries, `sometimes` pass one, the rest none. */
function reportOf(everyTime: number, sometimes: number, usesTools = true): ProbeReport {
  const tasks = Array.from({ length: 8 }, (_, index) => {
    const id = `t${index}`;
    if (index < everyTime) return summariseTask(id, id, tries(id, [true, true, true]));
    if (index < everyTime + sometimes) return summariseTask(id, id, tries(id, [true, false, true]));
    return summariseTask(id, id, tries(id, [false, false, false]));
  });
  const figures = overall(tasks);
  const base = report(undefined);
  return { ...base, tasks, passAt1: figures.passAt1, passK: figures.passK, tuned: { ...base.tuned, usesTools } };
}

describe('the verdict a report card leads with', () => {
  it('counts a task as passed "every time" only when all k of its tries passed (pass^k)', () => {
    const almost = summariseTask('x', 'Almost', tries('x', [true, true, false]));
    expect(taskTally([almost])).toEqual({ everyTime: 0, sometimes: 1, never: 0, total: 1 });
    expect(everyTimeText([almost])).toBe('0 of 1 task every time');
    expect(verdictText(reportOf(7, 1))).toBe('Good at tools: 7 of 8 tasks every time');
    // Seven tasks that passed two of three tries each are not "7 every time".
    expect(verdictText(reportOf(0, 7))).toBe('Unreliable with tools: 0 of 8 tasks every time');
  });

  it('names the level from the share of tasks passed every time', () => {
    expect(verdictText(reportOf(8, 0))).toBe('Reliable with tools: all 8 tasks every time');
    expect(verdictText(reportOf(6, 2))).toBe('Good at tools: 6 of 8 tasks every time');
    expect(verdictText(reportOf(5, 0))).toBe('Fair at tools: 5 of 8 tasks every time');
    expect(verdictText(reportOf(4, 4))).toBe('Fair at tools: 4 of 8 tasks every time');
    expect(verdictText(reportOf(3, 5))).toBe('Unreliable with tools: 3 of 8 tasks every time');
    expect(verdictText(reportOf(1, 0, false))).toBe('Does not use tools: 1 of 8 tasks every time');
  });

  it('explains pass^k and pass^1 in words with the same counts', () => {
    expect(passKText(reportOf(5, 2))).toBe(
      'Each task was tried 3 times; a task counts as passed only when every try passed: 5 of 8 did (pass^3, 63 %). ' +
        '2 more passed some of their tries. Of all tries, 79 % passed (pass^1).',
    );
    expect(passKText({ ...reportOf(8, 0), runs: 1 })).toMatch(/^Each task was tried once; .* 8 of 8 did \(pass\^1, 100 %\)\. Of all/);
  });

  it('proposes tuned settings with the counts before and after, and nothing when none changed', () => {
    const before = reportOf(3, 2);
    const after = reportOf(7, 1);
    const proposed = {
      ...before,
      proposal: { after: { passAt1: after.passAt1, passK: after.passK, tasks: after.tasks }, decision: 'pending' as const },
    };
    expect(proposalText(proposed)).toBe(
      'Proposed: prompt format, 16 tools, thinking off (now native tool calls, 16 tools, thinking off): 3 of 8 tasks every time before, 7 of 8 tasks every time after',
    );
    expect(proposalText({ ...before, proposal: null })).toBeNull();
  });
});
