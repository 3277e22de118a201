import { displayToolName } from '../../format/mcp-tool-name';
import type { StackFrame } from '../../../../shared/tools/tool-stack';
import { frameStateLabel } from '../../format/frame-state-label';
import { compactFrames } from './compact-frames';

/**
 * The stack as it was at the depth limit: deepest tool, the original request, the depth, and the
 * frames, with repeats of one tool folded into one line. `live` while the prompt waits: the frames'
 * states are shown then, and not once the prompt is answered (they are a snapshot, not the present).
 */
export function StackStatusView({
  frames,
  goal,
  limit,
  live,
}: {
  frames: StackFrame[];
  goal: string | null;
  limit: number;
  live: boolean;
}) {
  const top = frames[frames.length - 1];
  return (
    <div className="stack-status" data-testid="stack-status">
      <dl className="facts">
        <dt>Deepest tool</dt>
        <dd>{top ? displayToolName(top.tool) : 'none'}</dd>
        {goal !== null && (
          <>
            <dt>Original request</dt>
            <dd className="plain-text">{goal}</dd>
          </>
        )}
        <dt>Stack depth</dt>
        <dd>
          {frames.length} of {limit}
        </dd>
      </dl>
      <ol className="stack-status-frames" aria-label="Frames at the limit">
        {compactFrames(frames).map((run) => (
          <li key={run.fromLevel} data-testid="stack-status-run">
            {displayToolName(run.tool)}
            {run.toLevel > run.fromLevel ? ` × ${run.toLevel - run.fromLevel + 1}` : ''}{' '}
            <span className="muted">
              · {run.toLevel > run.fromLevel ? `levels ${run.fromLevel}–${run.toLevel}` : `level ${run.fromLevel}`}
              {live ? ` · ${frameStateLabel(run.state, run.waitingFor)}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
