import type { ProbeReport } from '../../../../../shared/probe/probe-report';
import { compareMarkdown, compareRows } from '../../../../../shared/probe/compare-table';
import { reportModelName } from '../../../../../shared/probe/report-card';
import { CopyButton } from '../../CopyButton';

/** Report cards side by side, one column per model, the rows of `compareRows`; copied as a markdown table of the same rows. */
export function CompareReports({ reports }: { reports: readonly ProbeReport[] }) {
  const rows = compareRows(reports);
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
                  {reportModelName(report)}
                  <span className="muted small"> · {report.server}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ label, values }) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {values.map((value, index) => (
                  <td key={reports[index]?.model ?? index}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
