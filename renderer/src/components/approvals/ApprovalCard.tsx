import { useId, useState } from 'react';
import type { ApprovalDecision } from '../../../../shared/contract/events';
import type { TurnPart } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { displayToolName } from '../../format/mcp-tool-name';
import { McpServerTag, useToolLabel } from '../tool-display/McpServerTag';
import { DiffView } from '../diff/DiffView';
import { ToolRiskBadge } from '../catalogue/RiskBadge';
import { ApprovalWarnings, exactCallText } from './ApprovalWarnings';
import { ALWAYS_ALLOW_SCOPE, allowConversationLabel } from './allow-conversation-label';
import { useComposerFocusOnAnswer } from './use-composer-focus-on-answer';
import { ScrollText } from '../ui/ScrollText';
import { returnFocusToApp } from '../mcp/apps/app-focus-return';

type ApprovalPart = Extract<TurnPart, { type: 'approval' }>;

const RESOLUTION_WORDS: Record<ApprovalDecision | 'timeout', string> = {
  'allow-once': 'Allowed once.',
  'allow-conversation': 'Allowed for this conversation.',
  'allow-tool': 'This tool is always allowed (revoke in Settings → MCP servers).',
  deny: 'Denied. The model was told.',
  timeout: 'Nobody answered in time, so it was denied.',
};

/**
 * The exact call a tool wants to make, and the user's choice: allow once, always allow this tool
 * (an MCP tool, when main offers it), allow for the conversation (its scope on the label), deny.
 */
export function ApprovalCard({ part, runFinished }: { part: ApprovalPart; runFinished: boolean }) {
  const respond = useTaco((state) => state.respondApproval);
  const busy = useTaco((state) => Boolean(state.inFlight[flightKey('approval.respond', part.approvalId)]));
  // An MCP app's call is asked after its run ended: its card stays answerable.
  const open = part.resolution === null && (!runFinished || part.fromApp === true);
  const choose = (decision: ApprovalDecision) => void respond(part.approvalId, decision);
  const { info, label } = useToolLabel(part.tool);
  const name = displayToolName(part.tool, info);
  const [expanded, setExpanded] = useState(false);
  // The answer to an app's own call takes the user back to that app; any other goes on in the composer.
  const card = useComposerFocusOnAnswer<HTMLElement>(open, () => returnFocusToApp(part));
  const coversId = useId();
  const allowConversation = part.scope === null ? null : allowConversationLabel(part.tool, part.scope);
  const outcome = part.resolution ? RESOLUTION_WORDS[part.resolution] : 'The run ended before this was answered.';

  // Once answered, the card is one line that opens to the full call and diff again.
  if (!open && !expanded)
    return (
      <section
        ref={card}
        className="card approval-card approval-collapsed"
        data-testid="approval-card"
        data-resolution={part.resolution ?? 'closed'}
        aria-label={`Approval for ${name}${label ? ` (MCP · ${label.server})` : ''}`}
      >
        <button type="button" className="approval-line" aria-expanded={false} onClick={() => setExpanded(true)}>
          <span className="approval-line-name">{name}</span>
          <span className="card-outcome" data-testid="approval-outcome">
            {outcome}
          </span>
          <span className="approval-line-more" aria-hidden="true">
            ▸
          </span>
        </button>
      </section>
    );

  return (
    <section
      ref={card}
      className="card approval-card"
      data-testid="approval-card"
      data-resolution={part.resolution ?? (runFinished ? 'closed' : 'open')}
      aria-label={`Approval for ${name}${label ? ` (MCP · ${label.server})` : ''}`}
    >
      <header className="card-head">
        <span className="card-title">
          Allow <strong>{name}</strong>?{label && <McpServerTag server={label.server} />}
        </span>
        <ToolRiskBadge risk={part.risk} source={info?.source} />
      </header>
      <div className="detail-label">Exact call</div>
      <ScrollText className="plain-text" label="The exact call">
        {exactCallText(part)}
      </ScrollText>
      {part.preview !== null && (
        <>
          <div className="detail-label">Changes</div>
          <DiffView diff={part.preview} />
        </>
      )}
      <ApprovalWarnings part={part} />
      {open ? (
        <>
          <div className="card-actions">
            <button
              type="button"
              className="button primary"
              data-testid="approval-allow-once"
              disabled={busy}
              onClick={() => choose('allow-once')}
            >
              Allow once
            </button>
            {part.alwaysAllow === true && (
              <button
                type="button"
                className="button"
                data-testid="approval-allow-tool"
                disabled={busy}
                title={ALWAYS_ALLOW_SCOPE}
                onClick={() => choose('allow-tool')}
              >
                Always allow this tool
              </button>
            )}
            {allowConversation !== null && (
              <button
                type="button"
                className="button"
                data-testid="approval-allow-conversation"
                disabled={busy}
                aria-describedby={allowConversation.covers === null ? undefined : coversId}
                onClick={() => choose('allow-conversation')}
              >
                {allowConversation.button}
              </button>
            )}
            <button type="button" className="button danger" data-testid="approval-deny" disabled={busy} onClick={() => choose('deny')}>
              Deny
            </button>
          </div>
          {allowConversation?.covers && (
            <p className="card-scope" id={coversId} data-testid="approval-scope" title={allowConversation.covers}>
              {allowConversation.covers}
            </p>
          )}
        </>
      ) : (
        <p className="card-outcome" data-testid="approval-outcome">
          {outcome}{' '}
          <button type="button" className="link-button" onClick={() => setExpanded(false)}>
            Show less
          </button>
        </p>
      )}
    </section>
  );
}
