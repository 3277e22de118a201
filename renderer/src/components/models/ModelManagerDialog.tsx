import { useRef } from 'react';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';
import { InstalledModelRow } from './InstalledModelRow';
import { PullForm } from './PullForm';
import { PullProgressRow } from './PullProgressRow';
import { reportModelName } from '../../../../shared/probe/report-card';
import { CompareReports } from './check/CompareReports';
import { ReportCard } from './check/ReportCard';

/**
 * Models: download by name with progress, the installed ones with Check this model, Unload and
 * Delete (each report card in its model's row), the cards of models no longer listed, and the
 * comparison.
 */
export function ModelManagerDialog() {
  const models = useTaco((state) => state.models);
  const pulls = useTaco((state) => state.pulls);
  const setOpen = useTaco((state) => state.setModelManagerOpen);
  const reports = useTaco((state) => state.checkReports);
  const installed = models?.type === 'ok' ? models.models : [];
  const listed = new Set(installed.map((model) => model.name));
  const unlisted = reports.filter((report) => !listed.has(report.model));
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <Dialog title="Models" testId="model-manager" onClose={() => setOpen(false)} size="wide">
      <PullForm />
      {pulls.length > 0 && (
        <section aria-label="Downloads">
          <ul className="pull-list" data-testid="pull-list">
            {pulls.map((pull) => (
              <PullProgressRow key={pull.pullId} pull={pull} />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="installed-models-title">
        <h3 id="installed-models-title" className="section-title" ref={heading} tabIndex={-1}>
          Installed{models?.type === 'ok' ? ` at ${models.host}` : ''}
        </h3>
        {models === null && <p className="muted">Loading the models…</p>}
        {models !== null && models.type !== 'ok' && (
          <p className="field-error" role="alert">
            {models.message}
          </p>
        )}
        {models?.type === 'ok' && installed.length === 0 && (
          <p className="muted">No models yet. Download one above — llama3.2 is a good small start.</p>
        )}
        {installed.length > 0 && (
          <ul className="model-list" data-testid="model-list">
            {installed.map((model) => (
              <InstalledModelRow key={model.name} model={model} onRemoved={() => heading.current?.focus()} />
            ))}
          </ul>
        )}
      </section>
      {unlisted.length > 0 && (
        <section aria-labelledby="report-cards-title">
          <h3 id="report-cards-title" className="section-title">
            Report cards of other models
          </h3>
          <div className="report-cards">
            {unlisted.map((report) => (
              <ReportCard key={report.model} report={report} label={reportModelName(report)} server={report.server} />
            ))}
          </div>
        </section>
      )}
      {reports.length > 1 && <CompareReports reports={reports} />}
    </Dialog>
  );
}
