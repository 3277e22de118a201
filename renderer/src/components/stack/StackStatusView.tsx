import { displayToolName } from '../../format/mcp-tool-name';
import type { StackFrame } from '../../../../shared/tools/tool-stack';
import { frameStateLabel } from '../../format/frame-state-label';

/** The `/status` view: active tool, what it waits for, the original request, the depth, every frame. */
export function StackStatusView({ frames, goal, limit }: { frames: StackFrame[]; goal: string | null; limit: number }) {
  const top = frames[frames.length - 1];
  return (
    <div className="stack-status" data-testid="stack-status">
      <dl className="facts">
        <dt>Active tool</dt>
        <dd>{top ? displayToolName(top.tool) : 'none'}</dd>
        <dt>Waiting for</dt>
        <dd className="plain-text">{top?.waitingFor ?? (top ? frameStateLabel(top.state, null) : '—')}</dd>
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
      <ol className="stack-status-frames">
        {frames.map((frame) => (
          <li key={frame.frameId}>
            {displayToolName(frame.tool)} <span className="muted">· {frameStateLabel(frame.state, frame.waitingFor)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
