import type { ProbeReport } from './probe-report';
import { failuresText, formatsText, percent, reportModelName, speedText } from './report-card';

/** One row of the comparison: its label and one cell per report. */
export interface CompareRow {
  label: string;
  values: string[];
}

/**
 * The rows of the report cards side by side, one column per model: the one list the Models
 * dialog's table (`renderer/src/components/models/check/CompareReports.tsx`) and its markdown
 * export (`compareMarkdown` below) both show, so neither can lack a row the other has.
 */
export function compareRows(reports: readonly ProbeReport[]): CompareRow[] {
  const row = (label: string, value: (report: ProbeReport) => string): CompareRow => ({ label, values: reports.map(value) });
  const taskIds = [...new Set(reports.flatMap((report) => report.tasks.map((task) => task.taskId)))];
  const titles = new Map(reports.flatMap((report) => report.tasks.map((task) => [task.taskId, task.title] as const)));
  return [
    row('pass^1', (report) => percent(report.passAt1)),
    row('pass^k', (report) => `${percent(report.passK)} (k = ${report.runs})`),
    row('speed', speedText),
    row('median tool rounds', (report) => String(report.medianToolRounds ?? '—')),
    row('failures', (report) => failuresText(report.failures)),
    ...taskIds.map((taskId) =>
      row(titles.get(taskId) ?? taskId, (report) => {
        const task = report.tasks.find((candidate) => candidate.taskId === taskId);
        return task ? `${task.passes}/${task.runs}` : '—';
      }),
    ),
    row('prompt format', formatsText),
    row('tuned', (report) => report.tuned.summary),
  ];
}

function cell(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
}

/**
 * The comparison as a markdown table, the rows of `compareRows`. Model names and servers are the
 * user's own words, but they are escaped for the table (a `|` would split a cell).
 */
export function compareMarkdown(reports: readonly ProbeReport[]): string {
  if (reports.length === 0) return 'No model has been checked yet.\n';
  const header = `| | ${reports.map((report) => cell(`${reportModelName(report)} (${report.server})`)).join(' | ')} |`;
  const rule = `| --- | ${reports.map(() => '---').join(' | ')} |`;
  const rows = compareRows(reports).map(({ label, values }) => `| ${cell(label)} | ${values.map(cell).join(' | ')} |`);
  return [header, rule, ...rows].join('\n') + '\n';
}
