import type { ProbeReport } from '../../../../../shared/probe/probe-report';
import { compareMarkdown, failuresText, percent, speedText } from '../../../../../shared/probe/report-card';
import { CopyButton } from '../../CopyButton';

/** Report cards side by side, one column per model; copied as a markdown table. */
export function CompareReports({ reports }: { reports: readonly ProbeReport[] }) {
  const taskIds = [...new Set(reports.flatMap((report) => report.tasks.map((task) => task.taskId)))];
  const titles = new Map(reports.flatMap((report) => report.tasks.map((task) => [task.taskId, task.title] as const)));
  const rows: Array<[string, (report: ProbeReport) => string]> = [
    ['pass^1', (report) => percent(report.passAt1)],
    ['pass^k', (report) => `${percent(report.passK)} (k = ${report.runs})`],
    ['speed', speedText],
    ['failures', (report) => failuresText(report.failures)],
    ...taskIds.map((taskId): [string, (report: ProbeReport) => string] => [
      titles.get(taskId) ?? taskId,
      (report) => {
        const task = report.tasks.find((candidate) => candidate.taskId === taskId);
        return task ? `${task.passes}/${task.runs}` : '—';
      },
    ]),
    ['tuned', (report) => report.tuned.summary],
  ];
  return (
    <section aria-labelledby="compare-models-title" data-testid="compare-reports">
      <div className="compare-head">
        <h3 id="compare-models-title" className="section-title">
          Compare
        </h3>
        <CopyButton text={compareMarkdown(reports)} what="comparison as markdown" testId="compare-copy-markdown" />
      </div>
      <div className="compare-scroll">
        <table className="compare-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Figure</span>
              </th>
              {reports.map((report) => (
                <th key={report.model} scope="col">
                  {report.model}
                  <span className="muted small"> · {report.server}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {reports.map((report) => (
                  <td key={report.model}>{value(report)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
