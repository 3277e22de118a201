import { DEFAULTS } from '../../../../shared/constants';
import { useTaco } from '../../store/store-context';

/** "Deleted “…” — Undo" while a delete can still be taken back; the bar shows the time left. */
export function DeleteUndoToasts() {
  const pending = useTaco((state) => state.pendingDeletes);
  const undo = useTaco((state) => state.undoDelete);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {pending.map((entry) => (
        <div key={entry.conversationId} className="toast" data-testid="undo-toast">
          <span className="toast-text">
            Deleted “<span className="toast-title">{entry.title}</span>”
          </span>
          <button type="button" className="button ghost toast-action" data-testid="undo-delete" onClick={() => undo(entry.conversationId)}>
            Undo
          </button>
          <span
            className="toast-timer"
            aria-hidden="true"
            ref={(bar) => bar?.style.setProperty('--toast-ms', `${DEFAULTS.rendererConversations.deleteUndoMs}ms`)}
          />
        </div>
      ))}
    </div>
  );
}
