import type { WorkflowView } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { resultShape } from '../tool-display/structured-result';
import { ToolResultView } from '../tool-display/ToolResultView';
import { ScrollText } from '../ui/ScrollText';

const STATE_LABEL = { pending: 'waiting', running: 'running…', done: 'done', failed: 'stopped', skipped: 'skipped' } as const;

/** A workflow run in the chat: each step with its state and output summary, the open confirm, how it ended. */
export function WorkflowBlock({ workflow, runFinished }: { workflow: WorkflowView; runFinished: boolean }) {
  const respond = useTaco((state) => state.respondConfirm);
  const confirm = workflow.confirm;
  const busy = useTaco((state) => Boolean(confirm && state.inFlight[flightKey('workflows.confirm', confirm.confirmId)]));
  return (
    <section className="card workflow-block" data-testid="workflow-block" aria-label={`Workflow ${workflow.name}`}>
      <header className="card-head">
        <span className="card-title">Workflow: {workflow.name}</span>
      </header>
      <ol className="workflow-steps">
        {workflow.steps.map((step) => (
          <li key={step.index} className={`workflow-step workflow-step-${step.state}`} data-testid="workflow-step" data-state={step.state}>
            <span className="workflow-step-title">{step.title}</span> <span className="workflow-step-state">{STATE_LABEL[step.state]}</span>
            {step.summary && <StepSummary summary={step.summary} />}
          </li>
        ))}
      </ol>
      {confirm && (
        <div className="workflow-confirm" data-testid="workflow-confirm">
          <ScrollText className="plain-text" label="What the workflow asks">
            {confirm.message}
          </ScrollText>
          {confirm.accepted === null && !runFinished ? (
            <div className="card-actions">
              <button
                type="button"
                className="button primary"
                data-testid="workflow-confirm-accept"
                disabled={busy}
                onClick={() => void respond(confirm.confirmId, true)}
              >
                Go on
              </button>
              <button
                type="button"
                className="button danger"
                data-testid="workflow-confirm-decline"
                disabled={busy}
                onClick={() => void respond(confirm.confirmId, false)}
              >
                Stop here
              </button>
            </div>
          ) : (
            <p className="card-outcome">
              {confirm.accepted === true ? 'You went on.' : confirm.accepted === false ? 'You stopped here.' : 'Not answered.'}
            </p>
          )}
        </div>
      )}
      {workflow.finish && (
        <p className="card-outcome" data-testid="workflow-outcome" data-reason={workflow.finish.reason}>
          {workflow.finish.message}
        </p>
      )}
    </section>
  );
}

/** A step's output: words as they are; a tool step's JSON as fields or a table, folded (it can be long). */
function StepSummary({ summary }: { summary: string }) {
  if (resultShape(summary).type === 'text') return <div className="field-hint workflow-step-summary">{summary}</div>;
  return (
    <details className="workflow-step-summary" data-testid="workflow-step-output">
      <summary className="field-hint">Output</summary>
      <ToolResultView text={summary} />
    </details>
  );
}
