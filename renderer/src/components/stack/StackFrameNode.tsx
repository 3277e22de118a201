import { useId, useState } from 'react';
import { formatDuration } from '../../format/format-duration';
import { displayToolName } from '../../format/mcp-tool-name';
import { frameStateLabel } from '../../format/frame-state-label';
import { formatArgs } from '../../format/summarize-args';
import type { FrameEntry, ToolOutcome, ToolProgressView } from '../../store/events/conversation-view';
import type { JsonObject } from '../../../../shared/contract/json';
import { McpServerTag, useToolLabel } from '../tool-display/McpServerTag';
import { ToolImages } from '../tool-display/ToolImages';
import { ToolProgress } from '../tool-display/ToolProgress';
import { ScrollText } from '../ui/ScrollText';

export interface FrameTreeNode {
  entry: FrameEntry;
  children: FrameTreeNode[];
}

interface Props {
  node: FrameTreeNode;
  /** 1 for frames directly above the user's request. */
  level?: number;
  now: number;
  /** The call's input and outcome, when the conversation has them. */
  detailsOf(callId: string): { args: JsonObject; outcome: ToolOutcome; progress?: ToolProgressView | null } | null;
}

/** One frame in the panel: tool, state, duration; expands to its input and output; children nest below. */
export function StackFrameNode({ node, now, detailsOf, level = 1 }: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { entry } = node;
  const details = detailsOf(entry.frame.callId);
  const duration = entry.durationMs ?? (entry.active ? Math.max(0, now - entry.frame.startedAt) : null);
  const { info, label } = useToolLabel(entry.frame.tool);
  const name = displayToolName(entry.frame.tool, info);
  const progress = entry.active && details?.outcome.type === 'pending' ? details.progress : null;

  return (
    <li
      className={`frame frame-${entry.state}${entry.active ? ' frame-active' : ''}`}
      data-testid="stack-frame"
      data-state={entry.state}
      data-active={entry.active}
      data-tool={entry.frame.tool}
      data-server={label?.server}
    >
      <button type="button" className="frame-head" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        <span className={`frame-dot dot-${entry.state}`} aria-hidden="true" />
        <span className="frame-tool">
          <span className="frame-level" data-testid="frame-level" title={`Level ${level} of the stack`}>
            {level}
          </span>
          {name}
          {label && <McpServerTag server={label.server} />}
        </span>
        <span className="frame-state">{frameStateLabel(entry.state, entry.frame.waitingFor)}</span>
        {duration !== null && <span className="frame-duration">{formatDuration(duration)}</span>}
      </button>
      {progress && <ToolProgress progress={progress} label={`Progress of ${name}`} />}
      {open && (
        <div id={detailsId} className="frame-details">
          {details ? (
            <>
              <div className="detail-label">Input</div>
              <ScrollText className="plain-text" label="Arguments">
                {formatArgs(details.args)}
              </ScrollText>
              {details.outcome.type === 'result' && (
                <>
                  <div className="detail-label">Output</div>
                  <ScrollText className="plain-text" label="Result">
                    {details.outcome.result}
                  </ScrollText>
                  <ToolImages images={details.outcome.images} tool={name} />
                </>
              )}
              {details.outcome.type === 'error' && (
                <>
                  <div className="detail-label">Error</div>
                  <ScrollText className="plain-text tool-error-text" label="Error">
                    {details.outcome.error}
                  </ScrollText>
                </>
              )}
            </>
          ) : (
            <p className="muted small">No input recorded for this frame.</p>
          )}
        </div>
      )}
      {node.children.length > 0 && (
        <ul className="frame-children">
          {node.children.map((child) => (
            <StackFrameNode key={child.entry.frame.frameId} node={child} now={now} detailsOf={detailsOf} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
