import type { ProbeReport } from '../../../../../shared/probe/probe-report';
import { failuresText, passKText, percent, speedText, verdictText } from '../../../../../shared/probe/report-card';
import { TuningProposal } from './TuningProposal';

/**
 * One model's report card, titled with the model's display name: a plain verdict first, pass^k in
 * words, the tuned settings as a proposal, and the figures per task under "Details".
 */
export function ReportCard({ report, label, server }: { report: ProbeReport; label: string; server: string | null }) {
  return (
    <article className="report-card" data-testid="report-card" data-model={report.model} aria-label={`Report card of ${label}`}>
      <header className="report-card-head">
        <h4 className="report-card-title">
          Report card: {label}
          {server && <span className="muted small"> · {server}</span>}
        </h4>
        <p className="report-card-verdict" data-testid="report-verdict">
          {verdictText(report)}
        </p>
      </header>
      <p className="report-card-words small muted" data-testid="report-passk-words">
        {passKText(report)}
      </p>
      <TuningProposal report={report} label={label} />
      <details className="report-card-details">
        <summary>Details: each task, speed and failures</summary>
        <dl className="report-card-figures">
          <div>
            <dt>Tries passed (pass^1)</dt>
            <dd data-testid="report-pass1">{percent(report.passAt1)}</dd>
          </div>
          <div>
            <dt>Tasks passed every time (pass^{report.runs})</dt>
            <dd data-testid="report-passk">{percent(report.passK)}</dd>
          </div>
          <div>
            <dt>Speed</dt>
            <dd>{speedText(report)}</dd>
          </div>
          <div>
            <dt>Median tool rounds</dt>
            <dd>{report.medianToolRounds ?? '—'}</dd>
          </div>
          <div>
            <dt>Failures</dt>
            <dd data-testid="report-failures">{failuresText(report.failures)}</dd>
          </div>
        </dl>
        <ul className="report-card-tasks">
          {report.tasks.map((task) => (
            <li key={task.taskId} className={task.passK === 1 ? 'ok' : 'error'}>
              <span aria-hidden="true">{task.passK === 1 ? '✓' : '✗'}</span> {task.title}{' '}
              <span className="muted small">
                {task.passes} of {task.runs} tries
                {Object.keys(task.failures).length > 0 ? ` · ${failuresText(task.failures)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </article>
  );
}
