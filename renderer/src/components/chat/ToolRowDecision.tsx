import type { ApprovalDecision } from '../../../../shared/contract/events';
import type { TurnPart } from '../../store/events/conversation-view';
import { exactCallText } from '../approvals/ApprovalWarnings';
import { DiffView } from '../diff/DiffView';
import { ScrollText } from '../ui/ScrollText';

type ApprovalPart = Extract<TurnPart, { type: 'approval' }>;

const DECISION_WORDS: Record<ApprovalDecision | 'timeout', string> = {
  'allow-once': 'Allowed once',
  'allow-conversation': 'Allowed for this conversation',
  'allow-tool': 'Always allowed (this tool)',
  deny: 'Denied by you',
  timeout: 'Not answered in time: denied',
};

/** The user's answer to a call's approval, as its row says it. */
export function decisionWords(resolution: ApprovalDecision | 'timeout'): string {
  return DECISION_WORDS[resolution];
}

/** In an answered call's details: what the user was shown when deciding (the exact call and the diff). */
export function DecisionDetails({ decision }: { decision: ApprovalPart }) {
  return (
    <>
      <div className="detail-label">
        {decision.resolution !== 'deny' && decision.resolution !== 'timeout' ? 'What you allowed' : 'What was denied'}
      </div>
      <ScrollText className="plain-text" label="The exact call">
        {exactCallText(decision)}
      </ScrollText>
      {decision.preview !== null && (
        <>
          <div className="detail-label">Changes</div>
          <DiffView diff={decision.preview} />
        </>
      )}
    </>
  );
}
