import { FAILURE_WORDS, PROBE_FAILURE_KINDS, type ProbeFailureKind, type ProbeReport } from './probe-report';

/*
 * A report card in words: the CLI prints it, and the Models dialog exports the comparison table
 * as markdown. Model names and servers are the user's own words, but they are escaped for the
 * table (a `|` would split a cell).
 */

export function percent(value: number): string {
  return `${Math.round(value * 100)} %`;
}

function cell(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
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

/** Report cards side by side: one column per model, one row per figure and per task. */
export function compareMarkdown(reports: readonly ProbeReport[]): string {
  if (reports.length === 0) return 'No model has been checked yet.\n';
  const header = `| | ${reports.map((report) => cell(`${report.model} (${report.server})`)).join(' | ')} |`;
  const rule = `| --- | ${reports.map(() => '---').join(' | ')} |`;
  const row = (label: string, values: string[]): string => `| ${cell(label)} | ${values.map(cell).join(' | ')} |`;
  const taskIds = [...new Set(reports.flatMap((report) => report.tasks.map((task) => task.taskId)))];
  const titles = new Map(reports.flatMap((report) => report.tasks.map((task) => [task.taskId, task.title] as const)));
  const rows = [
    row(
      'pass^1',
      reports.map((report) => percent(report.passAt1)),
    ),
    row(
      'pass^k',
      reports.map((report) => `${percent(report.passK)} (k = ${report.runs})`),
    ),
    row('speed', reports.map(speedText)),
    row(
      'median tool rounds',
      reports.map((report) => String(report.medianToolRounds ?? '—')),
    ),
    row(
      'failures',
      reports.map((report) => failuresText(report.failures)),
    ),
    ...taskIds.map((taskId) =>
      row(
        titles.get(taskId) ?? taskId,
        reports.map((report) => {
          const task = report.tasks.find((candidate) => candidate.taskId === taskId);
          return task ? `${task.passes}/${task.runs}` : '—';
        }),
      ),
    ),
    row('prompt format', reports.map(formatsText)),
    row(
      'tuned',
      reports.map((report) => report.tuned.summary),
    ),
  ];
  return [header, rule, ...rows].join('\n') + '\n';
}
