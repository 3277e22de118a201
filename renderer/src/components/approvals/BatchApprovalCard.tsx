import type { ApprovalDecision } from '../../../../shared/contract/events';
import type { TurnPart } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { DiffView } from '../diff/DiffView';
import { ApprovalWarnings, exactCallText, needsOwnAnswer } from './ApprovalWarnings';
import { CallRiskBadge } from '../tool-display/CallRiskBadge';
import { displayToolName } from '../../format/mcp-tool-name';
import { ALWAYS_ALLOW_SCOPE } from './allow-conversation-label';
import { useComposerFocusOnAnswer } from './use-composer-focus-on-answer';
import { ScrollText } from '../ui/ScrollText';

type ApprovalPart = Extract<TurnPart, { type: 'approval' }>;

const WORDS: Record<ApprovalDecision | 'timeout', string> = {
  'allow-once': 'Allowed',
  'allow-conversation': 'Allowed for this conversation',
  'allow-tool': 'Tool always allowed (revoke in Settings → MCP servers)',
  deny: 'Denied',
  timeout: 'Not answered in time (denied)',
};

/**
 * One card for every call of a model turn that needs approval: each call with its exact arguments
 * and diff, the same warnings as the single card (code execution, hidden characters), allow or
 * deny each ("Always allow this tool" where main offers it, as on the single card), or "Allow all N" / "Deny all". "Allow all" covers only the calls without a warning:
 * a warned call is answered on its own. Each answer goes to main under its own approval id, which
 * main checks.
 */
export function BatchApprovalCard({ parts, runFinished }: { parts: ApprovalPart[]; runFinished: boolean }) {
  const respond = useTaco((state) => state.respondApproval);
  const openParts = runFinished ? [] : parts.filter((part) => part.resolution === null);
  const allowable = openParts.filter((part) => !needsOwnAnswer(part));
  const warnedOpen = openParts.length - allowable.length;
  const card = useComposerFocusOnAnswer<HTMLElement>(openParts.length > 0);
  const answerAll = (decision: ApprovalDecision, which: ApprovalPart[]) => {
    for (const part of which) void respond(part.approvalId, decision);
  };
  return (
    <section
      ref={card}
      className="card approval-card batch-approval-card"
      data-testid="batch-approval-card"
      aria-label={`Approval for ${parts.length} calls`}
    >
      <header className="card-head">
        <span className="card-title">
          Allow these <strong>{parts.length}</strong> calls?
        </span>
      </header>
      <ol className="batch-approval-items">
        {parts.map((part) => (
          <li
            key={part.approvalId}
            className="batch-approval-item"
            data-testid="batch-approval-item"
            data-resolution={part.resolution ?? 'open'}
          >
            <div className="card-head">
              <strong>{displayToolName(part.tool)}</strong>
              <CallRiskBadge tool={part.tool} risk={part.risk} />
            </div>
            <ScrollText className="plain-text" label="The exact call">
              {exactCallText(part)}
            </ScrollText>
            {part.preview !== null && <DiffView diff={part.preview} />}
            <ApprovalWarnings part={part} />
            {part.resolution === null && !runFinished ? (
              <div className="card-actions">
                <button
                  type="button"
                  className="button"
                  data-testid="batch-allow-one"
                  onClick={() => void respond(part.approvalId, 'allow-once')}
                >
                  Allow
                </button>
                {part.alwaysAllow === true && (
                  <button
                    type="button"
                    className="button"
                    data-testid="batch-allow-tool"
                    title={ALWAYS_ALLOW_SCOPE}
                    onClick={() => void respond(part.approvalId, 'allow-tool')}
                  >
                    Always allow this tool
                  </button>
                )}
                <button
                  type="button"
                  className="button danger"
                  data-testid="batch-deny-one"
                  onClick={() => void respond(part.approvalId, 'deny')}
                >
                  Deny
                </button>
              </div>
            ) : (
              <p className="card-outcome">{part.resolution ? WORDS[part.resolution] : 'The run ended before this was answered.'}</p>
            )}
          </li>
        ))}
      </ol>
      {warnedOpen > 0 && (
        <p className="card-outcome" data-testid="batch-warned-note">
          {warnedOpen === 1 ? '1 call has a warning' : `${warnedOpen} calls have warnings`}: answer {warnedOpen === 1 ? 'it' : 'them'} one
          by one above.
        </p>
      )}
      {openParts.length > 0 && (
        <div className="card-actions">
          {allowable.length > 0 && (
            <button
              type="button"
              className="button primary"
              data-testid="batch-allow-all"
              onClick={() => answerAll('allow-once', allowable)}
            >
              Allow all {allowable.length}
            </button>
          )}
          <button type="button" className="button danger" data-testid="batch-deny-all" onClick={() => answerAll('deny', openParts)}>
            Deny all
          </button>
        </div>
      )}
    </section>
  );
}
