import { branchPosition } from '../../../../../shared/conversations/branches';
import { useTaco } from '../../../store/store-context';

/**
 * ‹ 2 / 3 › under a user message that has other versions (edits, regenerations), and under its
 * answer (`under="answer"`: named "Answer version…", test ids prefixed "answer-"): the arrows ask
 * main to show the previous or next sibling's branch (conversation.selectBranch). Plain buttons,
 * so Tab, Enter and Space work; the arrow keys move too while the group has focus.
 */
export function BranchSwitcher({ messageId, under = 'question' }: { messageId: string; under?: 'question' | 'answer' }) {
  const conversationId = useTaco((state) => state.activeConversationId);
  const siblings = useTaco((state) => (conversationId ? state.branches[conversationId]?.siblings : undefined));
  const running = useTaco((state) => (conversationId ? (state.views[conversationId]?.running ?? false) : false));
  const switching = useTaco((state) => state.switchingBranchOf !== null);
  const selectBranch = useTaco((state) => state.selectBranch);
  const position = siblings ? branchPosition(siblings, messageId) : null;
  if (!position || !conversationId) return null;
  const { index, count, ids } = position;
  const id = (name: string) => (under === 'answer' ? `answer-${name}` : name);
  const disabled = running || switching;
  const go = (to: number): void => {
    const target = ids[to - 1];
    if (target && !disabled) void selectBranch(conversationId, target);
  };
  return (
    <div
      className="branch-switcher"
      role="group"
      aria-label={`${under === 'answer' ? 'Answer version' : 'Version'} ${index} of ${count}`}
      data-testid={id('branch-switcher')}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft' && index > 1) go(index - 1);
        if (event.key === 'ArrowRight' && index < count) go(index + 1);
      }}
    >
      <button
        type="button"
        className="message-action"
        aria-label="Previous version"
        data-testid={id('branch-previous')}
        disabled={disabled || index === 1}
        onClick={() => go(index - 1)}
      >
        ‹
      </button>
      <span data-testid={id('branch-position')}>
        {index} / {count}
      </span>
      <button
        type="button"
        className="message-action"
        aria-label="Next version"
        data-testid={id('branch-next')}
        disabled={disabled || index === count}
        onClick={() => go(index + 1)}
      >
        ›
      </button>
    </div>
  );
}
