import type { EventOf } from '../../../../shared/contract/events';
import type { ConversationView, WorkflowView } from './conversation-view';
import { withTurn } from './turn-updates';

type WorkflowEvent = EventOf<'workflow-start' | 'workflow-step' | 'workflow-confirm' | 'workflow-confirmed' | 'workflow-finish'>;

/** Folds a workflow's events into its run's turn: the block with each step's state, the open confirm. */
export function applyWorkflowEvent(view: ConversationView, event: WorkflowEvent): ConversationView {
  if (event.type === 'workflow-start') {
    const workflow: WorkflowView = {
      workflowId: event.workflowId,
      name: event.name,
      steps: event.steps.map((step) => ({ ...step, state: 'pending', summary: null })),
      confirm: null,
      finish: null,
    };
    return withTurn(view, event.runId, (turn) => ({ ...turn, workflow }));
  }
  return withTurn(view, event.runId, (turn) => {
    const workflow = turn.workflow;
    if (!workflow) return turn;
    return { ...turn, workflow: update(workflow, event) };
  });
}

function update(workflow: WorkflowView, event: Exclude<WorkflowEvent, EventOf<'workflow-start'>>): WorkflowView {
  switch (event.type) {
    case 'workflow-step':
      return {
        ...workflow,
        steps: workflow.steps.map((step) => (step.index === event.index ? { ...step, state: event.state, summary: event.summary } : step)),
      };
    case 'workflow-confirm':
      return { ...workflow, confirm: { confirmId: event.confirmId, index: event.index, message: event.message, accepted: null } };
    case 'workflow-confirmed':
      return workflow.confirm?.confirmId === event.confirmId
        ? { ...workflow, confirm: { ...workflow.confirm, accepted: event.accepted } }
        : workflow;
    case 'workflow-finish':
      return { ...workflow, finish: { reason: event.reason, message: event.message } };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
