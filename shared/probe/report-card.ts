import { FAILURE_WORDS, PROBE_FAILURE_KINDS, type ProbeFailureKind, type ProbeReport } from './probe-report';

/*
 * A report card in words: the CLI prints it, the Models dialog's cards and comparison
 * (compare-table.ts) use its phrases.
 */

export function percent(value: number): string {
  return `${Math.round(value * 100)} %`;
}

export function failuresText(failures: ProbeReport['failures']): string {
  const parts = PROBE_FAILURE_KINDS.flatMap((kind: ProbeFailureKind) =>
    failures[kind] ? [`${FAILURE_WORDS[kind]} ${failures[kind]}`] : [],
  );
  return parts.length === 0 ? 'none' : parts.join(', ');
}

export function speedText(report: Pick<ProbeReport, 'firstTokenMs' | 'tokensPerSecond'>): string {
  const first = report.firstTokenMs === null ? 'first token —' : `first token ${(report.firstTokenMs / 1000).toFixed(1)} s`;
  const rate = report.tokensPerSecond === null ? '— tokens/s' : `${report.tokensPerSecond.toFixed(1)} tokens/s`;
  return `${first}, ${rate}`;
}

/** The constrained format's effect in words: "Read, then write: 3/3 with the server's grammar, 0/3 without". */
export function formatsText(report: Pick<ProbeReport, 'formats'>): string {
  const formats = report.formats;
  if (!formats) return '—';
  const { constrained, unconstrained } = formats;
  return `${formats.title}: ${constrained.passes}/${constrained.tries} with the server's grammar, ${unconstrained.passes}/${unconstrained.tries} without`;
}

/** The card as plain lines (the CLI without --json). */
export function reportCardText(report: ProbeReport): string {
  const lines = [
    `${report.model} on ${report.server}: pass^1 ${percent(report.passAt1)}, pass^${report.runs} ${percent(report.passK)} (${report.tasks.length} tasks × ${report.runs} tries)`,
    `  ${speedText(report)}, median tool rounds ${report.medianToolRounds ?? '—'}`,
    `  failures: ${failuresText(report.failures)}`,
    ...report.tasks.map(
      (task) =>
        `  ${task.passK === 1 ? '✓' : '✗'} ${task.title.padEnd(32)} ${task.passes}/${task.runs}${Object.keys(task.failures).length > 0 ? `  (${failuresText(task.failures)})` : ''}`,
    ),
    ...(report.formats ? [`  prompt format: ${formatsText(report)}`] : []),
    `  ${report.tuned.summary}`,
  ];
  return lines.join('\n');
}
