import type { ProbeReport } from '../../../../../shared/probe/probe-report';
import { failuresText, percent, speedText } from '../../../../../shared/probe/report-card';

/** One model's report card: pass^1 and pass^k, speed, failures by kind, each task, and what was tuned. */
export function ReportCard({ report }: { report: ProbeReport }) {
  return (
    <article className="report-card" data-testid="report-card" data-model={report.model} aria-label={`Report card of ${report.model}`}>
      <header className="report-card-head">
        <span className="model-row-name">{report.model}</span>
        <span className="muted small"> · {report.server}</span>
      </header>
      <dl className="report-card-figures">
        <div>
          <dt>pass^1</dt>
          <dd data-testid="report-pass1">{percent(report.passAt1)}</dd>
        </div>
        <div>
          <dt>pass^{report.runs}</dt>
          <dd data-testid="report-passk">{percent(report.passK)}</dd>
        </div>
        <div>
          <dt>speed</dt>
          <dd>{speedText(report)}</dd>
        </div>
        <div>
          <dt>median tool rounds</dt>
          <dd>{report.medianToolRounds ?? '—'}</dd>
        </div>
        <div>
          <dt>failures</dt>
          <dd data-testid="report-failures">{failuresText(report.failures)}</dd>
        </div>
      </dl>
      <ul className="report-card-tasks">
        {report.tasks.map((task) => (
          <li key={task.taskId} className={task.passK === 1 ? 'ok' : 'error'}>
            <span aria-hidden="true">{task.passK === 1 ? '✓' : '✗'}</span> {task.title}{' '}
            <span className="muted small">
              {task.passes}/{task.runs}
              {Object.keys(task.failures).length > 0 ? ` · ${failuresText(task.failures)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <p className="report-card-tuned small" data-testid="report-tuned">
        {report.tuned.summary}
      </p>
    </article>
  );
}
