import type { AssistantTurn } from '../../store/events/conversation-view';
import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { CopyButton } from '../CopyButton';
import { answerText } from './message-text';
import { PendingWorkflowCard } from '../approvals/PendingWorkflowCard';
import { SaveAsWorkflowButton } from '../workflows/SaveAsWorkflowButton';

interface Props {
  turn: AssistantTurn;
  /** The latest answer of the conversation: it may be regenerated. */
  isLatest: boolean;
}

/** Under a finished answer: the paused-task card when it waits to be resumed; Copy, and Regenerate on the latest one. */
export function AssistantMessageActions({ turn, isLatest }: Props) {
  const running = useTaco((state) => selectActiveView(state).running);
  const conversationId = useTaco((state) => state.activeConversationId);
  const pending = useTaco((state) => (state.activeConversationId ? state.pendingWorkflows[state.activeConversationId] : undefined));
  const regenerate = useTaco((state) => state.regenerate);
  const busy = useTaco((state) =>
    Boolean(state.activeConversationId && state.inFlight[flightKey('chat.regenerate', state.activeConversationId)]),
  );
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
        </div>
      )}
    </>
  );
}
