import type { PullState } from '../../store/events/pull-state';
import { pullPercent } from '../../store/events/pull-state';
import { formatBytes } from '../../format/format-bytes';
import { useTaco } from '../../store/store-context';

function bytesLine(pull: PullState): string | null {
  if (pull.totalBytes === null || pull.completedBytes === null) return null;
  return `${formatBytes(pull.completedBytes)} of ${formatBytes(pull.totalBytes)}`;
}

/** One download: a real progress bar (bytes and percent), Ollama's status line, Cancel; the outcome in words. */
export function PullProgressRow({ pull }: { pull: PullState }) {
  const cancelPull = useTaco((state) => state.cancelPull);
  const dismissPull = useTaco((state) => state.dismissPull);
  const pullModel = useTaco((state) => state.pullModel);
  const selectModel = useTaco((state) => state.selectModel);
  const percent = pullPercent(pull);
  const bytes = bytesLine(pull);
  const label = `Downloading ${pull.model}`;

  return (
    <li className={`pull-row pull-${pull.phase}`} data-testid="pull-row" data-phase={pull.phase} data-model={pull.model}>
      <div className="pull-head">
        <span className="pull-model">{pull.model}</span>
        {pull.phase === 'running' && (
          <span className="pull-numbers" data-testid="pull-numbers">
            {[bytes, percent === null ? null : `${percent}%`].filter(Boolean).join(' · ')}
          </span>
        )}
      </div>
      {pull.phase === 'running' && (
        <>
          <progress
            className="pull-bar"
            data-testid="pull-bar"
            aria-label={label}
            max={100}
            {...(percent === null ? {} : { value: percent })}
          />
          <div className="pull-foot">
            <span className="pull-status muted small" data-testid="pull-status" aria-live="polite">
              {pull.status}
            </span>
            <button type="button" className="button" data-testid="pull-cancel" onClick={() => void cancelPull(pull.pullId)}>
              Cancel
            </button>
          </div>
        </>
      )}
      {pull.phase === 'done' && (
        <div className="pull-foot">
          <span className="pull-outcome ok" role="status">
            Downloaded{pull.totalBytes ? ` (${formatBytes(pull.totalBytes)})` : ''} — ready to use.
          </span>
          <span className="pull-actions">
            <button type="button" className="button primary" data-testid="pull-use" onClick={() => void selectModel(pull.model)}>
              Use it
            </button>
            <button type="button" className="button ghost" data-testid="pull-dismiss" onClick={() => dismissPull(pull.pullId)}>
              Dismiss
            </button>
          </span>
        </div>
      )}
      {pull.phase === 'cancelled' && (
        <div className="pull-foot">
          <span className="pull-outcome muted" role="status">
            Cancelled. Ollama keeps what it downloaded and resumes from there next time.
          </span>
          <button type="button" className="button ghost" data-testid="pull-dismiss" onClick={() => dismissPull(pull.pullId)}>
            Dismiss
          </button>
        </div>
      )}
      {pull.phase === 'failed' && (
        <div className="pull-foot">
          <span className="pull-outcome error" role="alert" data-testid="pull-error">
            {pull.error}
          </span>
          <span className="pull-actions">
            <button
              type="button"
              className="button"
              data-testid="pull-retry"
              onClick={() => {
                dismissPull(pull.pullId);
                void pullModel(pull.model);
              }}
            >
              Try again
            </button>
            <button type="button" className="button ghost" data-testid="pull-dismiss" onClick={() => dismissPull(pull.pullId)}>
              Dismiss
            </button>
          </span>
        </div>
      )}
    </li>
  );
}
