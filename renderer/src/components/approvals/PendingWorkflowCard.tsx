import type { PendingWorkflow } from '../../../../shared/conversations/conversation';
import { formatToolName } from '../../../../shared/tools/format-tool-name';
import { summarizeArgs } from '../../format/summarize-args';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { RiskBadge } from '../catalogue/RiskBadge';

function waitedFor(workflow: PendingWorkflow) {
  switch (workflow.kind) {
    case 'approval':
      return (
        <p className="plain-text">
          It was waiting for your approval to run <strong>{formatToolName(workflow.tool)}</strong> <RiskBadge risk={workflow.risk} />
          {Object.keys(workflow.args).length > 0 && <span className="muted"> ({summarizeArgs(workflow.args)})</span>}.
        </p>
      );
    case 'question':
      return <p className="plain-text">It was waiting for your answer to: “{workflow.question}”</p>;
    default: {
      const unreachable: never = workflow;
      return unreachable;
    }
  }
}

/** A run that waited for the user when TACO closed: Resume asks again, Abandon lets it go. */
export function PendingWorkflowCard({ conversationId, workflow }: { conversationId: string; workflow: PendingWorkflow }) {
  const resume = useTaco((state) => state.resumeWorkflow);
  const abandon = useTaco((state) => state.abandonWorkflow);
  const hasModel = useTaco((state) => state.selectedModel !== null);
  const busy = useTaco((state) =>
    Boolean(state.inFlight[flightKey('workflow.resume', conversationId)] || state.inFlight[flightKey('workflow.abandon', conversationId)]),
  );
  return (
    <section className="card pending-card" role="group" aria-label="Paused task" data-testid="pending-workflow" data-kind={workflow.kind}>
      <div className="card-title">This task was paused when TACO closed</div>
      {workflow.goal && <p className="muted plain-text pending-goal">Task: {workflow.goal}</p>}
      {waitedFor(workflow)}
      <div className="card-actions">
        <button
          type="button"
          className="button primary"
          data-testid="resume-workflow"
          disabled={busy || !hasModel}
          onClick={() => void resume(conversationId)}
        >
          Resume
        </button>
        <button
          type="button"
          className="button"
          data-testid="abandon-workflow"
          disabled={busy}
          onClick={() => void abandon(conversationId)}
        >
          Abandon
        </button>
      </div>
    </section>
  );
}
