import type { ToolProgressView } from '../../store/events/conversation-view';

/** A long tool call's progress, as the server reports it: a bar (or an indeterminate one) and its message. */
export function ToolProgress({ progress, label }: { progress: ToolProgressView; label: string }) {
  const percent = progressPercent(progress);
  return (
    <div className="tool-progress" data-testid="tool-progress">
      <progress className="pull-bar" aria-label={label} max={100} {...(percent === null ? {} : { value: percent })} />
      <span className="muted small tool-progress-text" aria-live="polite">
        {[progress.message, percent === null ? null : `${percent}%`].filter(Boolean).join(' · ')}
      </span>
    </div>
  );
}

/** 0–100, or null when the server gave no total. */
export function progressPercent(progress: ToolProgressView): number | null {
  if (progress.total === null || !(progress.total > 0) || !Number.isFinite(progress.progress)) return null;
  return Math.max(0, Math.min(100, Math.floor((progress.progress / progress.total) * 100)));
}
