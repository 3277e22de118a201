import { describeStopReason } from '../../../../shared/conversations/stop-reason';
import type { TurnPart } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';

type StopPart = Extract<TurnPart, { type: 'stop' }>;

/** Why a run stopped (anything but `complete`), in main's words, with what to do next. */
export function StopNotice({ part, canContinue }: { part: StopPart; canContinue: boolean }) {
  const continueRun = useTaco((state) => state.continueRun);
  const conversationId = useTaco((state) => state.activeConversationId);
  const busy = useTaco((state) => Boolean(conversationId && state.inFlight[flightKey('chat.continue', conversationId)]));
  const offersContinue = part.reason === 'max_iterations' || part.reason === 'timeout';
  return (
    <div className={`stop-notice stop-${part.reason}`} role="note" data-testid="stop-notice" data-reason={part.reason}>
      <p className="plain-text">{part.message.trim() || describeStopReason(part.reason)}</p>
      {part.error && (
        <p className="stop-error plain-text" data-testid="stop-error">
          {part.error}
        </p>
      )}
      {offersContinue && canContinue && (
        <button type="button" className="button primary" data-testid="continue-button" disabled={busy} onClick={() => void continueRun()}>
          Continue
        </button>
      )}
    </div>
  );
}
