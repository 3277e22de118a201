import type { AssistantTurn } from '../../store/events/conversation-view';
import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { CopyButton } from '../CopyButton';
import { BranchSwitcher } from './user-message/BranchSwitcher';
import { answerText } from './message-text';
import { PendingWorkflowCard } from '../approvals/PendingWorkflowCard';
import { SaveAsWorkflowButton } from '../workflows/SaveAsWorkflowButton';

interface Props {
  turn: AssistantTurn;
  /** The latest answer of the conversation: it may be regenerated. */
  isLatest: boolean;
}

/** Under a finished answer: the paused-task card when it waits to be resumed; Copy, Regenerate on the latest one, and ‹ n / m › when its question has other versions. */
export function AssistantMessageActions({ turn, isLatest }: Props) {
  const running = useTaco((state) => selectActiveView(state).running);
  const conversationId = useTaco((state) => state.activeConversationId);
  const pending = useTaco((state) => (state.activeConversationId ? state.pendingWorkflows[state.activeConversationId] : undefined));
  const regenerate = useTaco((state) => state.regenerate);
  const busy = useTaco((state) =>
    Boolean(state.activeConversationId && state.inFlight[flightKey('chat.regenerate', state.activeConversationId)]),
  );
  // The question this answers: its versions (edits, regenerations) are switched from here too.
  const questionId = useTaco((state) => {
    const { items } = selectActiveView(state);
    let at = items.length - 1;
    while (at >= 0 && items[at]?.id !== turn.id) at -= 1;
    for (at -= 1; at >= 0; at -= 1) {
      const item = items[at];
      if (item?.type === 'user') return item.id;
    }
    return null;
  });
  if (turn.finish === null) return null;

  const settledLatest = isLatest && !running;
  const paused = settledLatest && pending?.runId === turn.runId ? pending : null;
  const text = answerText(turn);
  const canRegenerate = settledLatest && paused === null;
  const request = turn.workflow ? null : turn.goal;
  return (
    <>
      {paused && conversationId && <PendingWorkflowCard conversationId={conversationId} workflow={paused} />}
      {(text || canRegenerate || request) && (
        <div className="message-actions" role="toolbar" aria-label="Answer actions">
          {text && <CopyButton text={text} what="answer" />}
          {request && <SaveAsWorkflowButton request={request} />}
          {canRegenerate && (
            <button
              type="button"
              className="message-action"
              data-testid="regenerate"
              disabled={busy}
              title="Withdraw this answer and ask the model again"
              onClick={() => void regenerate()}
            >
              {busy ? 'Regenerating…' : 'Regenerate'}
            </button>
          )}
          {questionId && <BranchSwitcher messageId={questionId} under="answer" />}
        </div>
      )}
    </>
  );
}
