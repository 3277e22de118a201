import { useId, useState } from 'react';
import type { TurnPart } from '../../store/events/conversation-view';
import { formatDuration } from '../../format/format-duration';
import { displayToolName } from '../../format/mcp-tool-name';
import { formatArgs, summarizeArgs } from '../../format/summarize-args';
import { McpResourceLinks } from '../mcp/McpResourceLinks';
import { McpAppView } from '../mcp/apps/McpAppView';
import { useTaco } from '../../store/store-context';
import { McpServerTag, useToolLabel } from '../tool-display/McpServerTag';
import { ToolRowUndo } from '../documents/ToolRowUndo';
import { ToolImages } from '../tool-display/ToolImages';
import { ToolProgress } from '../tool-display/ToolProgress';
import { ToolResultView } from '../tool-display/ToolResultView';
import { DecisionDetails, decisionWords } from './ToolRowDecision';
import { ScrollText } from '../ui/ScrollText';

type ToolPart = Extract<TurnPart, { type: 'tool' }>;
type ApprovalPart = Extract<TurnPart, { type: 'approval' }>;

/** The row's chip: a call without a result says how it ended (a denied call is not a failure). */
export type RowState = 'running' | 'waiting' | 'done' | 'failed' | 'denied' | 'cancelled' | 'skipped' | 'stopped';

function rowState(part: ToolPart, stopped: boolean, waitingFor: string | null): RowState {
  switch (part.outcome.type) {
    case 'pending':
      if (stopped) return 'stopped';
      return waitingFor ? 'waiting' : 'running';
    case 'result':
      return 'done';
    case 'error':
      return part.outcome.ending;
    default: {
      const unreachable: never = part.outcome;
      return unreachable;
    }
  }
}

const STATE_WORDS: Record<Exclude<RowState, 'waiting'>, string> = {
  running: 'Running…',
  done: 'Done',
  failed: 'Failed',
  denied: 'Denied',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
  stopped: 'Stopped',
};

/** "Done · 12 ms"; a call that never ran has no duration to show. */
function chipText(state: RowState, words: string, part: ToolPart): string {
  const { outcome } = part;
  if (outcome.type === 'pending') return words;
  if (state === 'denied' || state === 'skipped' || (state === 'cancelled' && outcome.durationMs === 0)) return words;
  return `${words} · ${formatDuration(outcome.durationMs)}`;
}

/**
 * A tool call as one compact row (name, arguments, the user's decision, outcome, duration) that
 * expands to the full input and output, and for an approved or denied call the diff that was shown.
 */
interface Props {
  part: ToolPart;
  runFinished: boolean;
  /** What the call waits for, in words ("your approval"), while it does. */
  waitingFor: string | null;
  /** The answered approval of this call, drawn on this row instead of as a card of its own. */
  decision?: ApprovalPart | null;
}

export function ToolRow({ part, runFinished, waitingFor, decision = null }: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const state = rowState(part, runFinished, waitingFor);
  const words = state === 'waiting' ? `Waiting for ${waitingFor ?? 'you'}` : STATE_WORDS[state];
  const outcome = part.outcome;
  const { info, label } = useToolLabel(part.tool);
  const name = displayToolName(part.tool, info);
  const decided = decision?.resolution ? decisionWords(decision.resolution) : null;
  const conversationId = useTaco((store) => store.activeConversationId);
  return (
    <div
      className={`tool-row tool-${state}`}
      data-testid="tool-row"
      data-state={state}
      data-tool={part.tool}
      data-server={label?.server}
      data-decision={decision?.resolution ?? undefined}
    >
      <div className="tool-row-line">
        <button type="button" className="tool-row-head" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          <span className={`tool-icon tool-icon-${state}`} aria-hidden="true" />
          <span className="tool-name">{name}</span>
          {label && <McpServerTag server={label.server} />}
          <span className="tool-args">{summarizeArgs(part.args)}</span>
          {decided !== null && state !== 'denied' && (
            <span className="tool-decision" data-testid="tool-decision">
              {decided}
            </span>
          )}
          <span className={`tool-meta tool-chip chip-${state}`} data-testid="tool-chip">
            {state === 'denied' && decided !== null ? decided : chipText(state, words, part)}
          </span>
        </button>
        <ToolRowUndo tool={part.tool} info={info} callId={part.callId} done={state === 'done'} />
      </div>
      {state === 'running' && part.progress && <ToolProgress progress={part.progress} label={`Progress of ${name}`} />}
      {outcome.type === 'result' && <ToolImages images={outcome.images} tool={name} />}
      {outcome.type === 'result' && label && conversationId && (
        <McpAppView conversationId={conversationId} callId={part.callId} tool={part.tool} toolName={name} />
      )}
      {open && (
        <div id={detailsId} className="tool-details" data-testid="tool-details">
          {decision && <DecisionDetails decision={decision} />}
          <div className="detail-label">Arguments</div>
          <ScrollText className="plain-text" label="Arguments">
            {formatArgs(part.args)}
          </ScrollText>
          {outcome.type === 'result' && (
            <>
              <div className="detail-label">Result{outcome.truncated ? ' (shortened to fit the context)' : ''}</div>
              <ToolResultView text={outcome.result} />
              {label && <McpResourceLinks server={label.server} result={outcome.result} />}
            </>
          )}
          {outcome.type === 'error' && (
            <>
              <div className="detail-label">{state === 'failed' ? 'Error' : 'Why it did not run'}</div>
              <ScrollText className="plain-text tool-error-text" label="Error">
                {outcome.error}
              </ScrollText>
            </>
          )}
        </div>
      )}
    </div>
  );
}
