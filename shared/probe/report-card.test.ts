import { describe, expect, it } from 'vitest';
import type { ProbeReport } from './probe-report';
import { compareMarkdown } from './compare-table';
import { formatsText, reportCardText } from './report-card';

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
