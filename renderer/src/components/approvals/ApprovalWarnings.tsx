import type { TurnPart } from '../../store/events/conversation-view';
import { formatArgs } from '../../format/summarize-args';
import { describeHiddenCharacters, revealInvisible } from '../../format/reveal-invisible';

type ApprovalPart = Extract<TurnPart, { type: 'approval' }>;

/** The exact call as shown on the card, with bidi controls and invisible characters revealed. */
export function exactCallText(part: ApprovalPart): string {
  return revealInvisible(`${part.tool}(${formatArgs(part.args)})`).text;
}

/** Hidden characters in the call or its diff, described; null when there are none. */
function hiddenCharacters(part: ApprovalPart): string | null {
  const call = revealInvisible(`${part.tool}(${formatArgs(part.args)})`);
  const diff = revealInvisible(part.preview ?? '');
  return describeHiddenCharacters({ bidi: call.bidi + diff.bidi, invisible: call.invisible + diff.invisible });
}

/**
 * A call the user must look at and answer on its own: main warned about it (a write that can make
 * programs run) or it hides characters. "Allow all" on a batch card never covers it.
 */
export function needsOwnAnswer(part: ApprovalPart): boolean {
  return Boolean(part.warning) || hiddenCharacters(part) !== null;
}

/**
 * Warnings shown above the buttons: main's (a write that can make programs run), and hidden
 * characters in the call or its diff (bidi overrides, zero-width characters).
 */
export function ApprovalWarnings({ part }: { part: ApprovalPart }) {
  const hidden = hiddenCharacters(part);
  return (
    <>
      {part.sandbox !== undefined && (
        <p className={part.sandbox.sandboxed ? 'card-sandbox' : 'card-warning'} data-testid="approval-sandbox">
          {part.sandbox.sandboxed ? part.sandbox.text : `⚠ ${part.sandbox.text}`}
        </p>
      )}
      {part.warning && (
        <p className="card-warning" role="alert" data-testid="approval-warning">
          ⚠ {part.warning}
        </p>
      )}
      {hidden !== null && (
        <p className="card-warning" role="alert" data-testid="approval-unicode-warning">
          ⚠ {hidden}
        </p>
      )}
    </>
  );
}
