import { useTaco } from '../../../store/store-context';

/** "about 2 min left", "less than a minute left", or nothing before the first try has a pace. */
export function etaText(etaMs: number | null): string {
  if (etaMs === null) return 'estimating the time…';
  const minutes = Math.round(etaMs / 60_000);
  return minutes < 1 ? 'less than a minute left' : `about ${minutes} min left`;
}

/**
 * "Check this model" among the row's actions. It keeps its place and size while the check runs
 * (the progress is a line of its own below), so Delete never moves under the pointer.
 */
export function ModelCheckButton({ model }: { model: string }) {
  const running = useTaco((state) => state.checkRunning);
  const start = useTaco((state) => state.startModelCheck);
  const mine = running?.model === model;
  return (
    <button
      type="button"
      className="button ghost"
      data-testid="model-check-start"
      disabled={running !== null}
      title={
        mine
          ? 'This model is being checked: the progress is below.'
          : running
            ? 'One model is checked at a time.'
            : 'Try nine small agent tasks on this model with your tools, in a scratch folder, and propose tuned settings'
      }
      onClick={() => void start(model)}
    >
      Check this model
    </button>
  );
}

/** The row's line for its check: the progress with an estimate and Cancel, or why the last check stopped. */
export function ModelCheckStatus({ model, label }: { model: string; label: string }) {
  const running = useTaco((state) => (state.checkRunning?.model === model ? state.checkRunning : null));
  const message = useTaco((state) => (state.checkMessage?.model === model ? state.checkMessage.text : null));
  const cancel = useTaco((state) => state.cancelModelCheck);

  if (running) {
    const phase = running.phase === 'tuning' ? 'Tuning' : 'Checking';
    return (
      <div className="model-check-progress" data-testid="model-check-progress">
        <progress
          className="pull-bar"
          aria-label={`${phase} ${label}`}
          max={Math.max(running.total, 1)}
          {...(running.total > 0 ? { value: running.done } : {})}
        />
        <div className="pull-foot">
          <span className="muted small" aria-live="polite" data-testid="model-check-status">
            {phase}: {running.done} of {running.total} tries · {etaText(running.etaMs)}. Your own conversations go first.
          </span>
          <button type="button" className="button" data-testid="model-check-cancel" onClick={() => void cancel()}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  if (!message) return null;
  return (
    <p className="model-row-message small field-error" role="alert" data-testid="model-check-message">
      {message}
    </p>
  );
}
