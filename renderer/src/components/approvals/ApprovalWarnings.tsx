import type { TurnPart } from '../../store/events/conversation-view';

type ApprovalPart = Extract<TurnPart, { type: 'approval' }>;

/** "Allow `npm test` for this conversation"; events from before scopes existed keep the old words. */
export function allowForConversationLabel(scope: string | undefined): string {
  return scope === undefined ? 'Allow for this conversation' : `Allow ${scope} for this conversation`;
}

/** Warnings main attached to this call (a write that can make programs run), shown above the buttons. */
export function ApprovalWarnings({ part }: { part: ApprovalPart }) {
  if (!part.warning) return null;
  return (
    <p className="card-warning" role="alert" data-testid="approval-warning">
      ⚠ {part.warning}
    </p>
  );
}
