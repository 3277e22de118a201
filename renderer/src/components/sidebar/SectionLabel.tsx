import { useConversationDrop } from '../projects/use-conversation-drop';

/** The label over Pinned or No project / Recent; No project's takes a row dropped out of its project. */
export function SectionLabel({ label, testId, dropTarget }: { label: string; testId: string; dropTarget: boolean }) {
  const drop = useConversationDrop(null);
  return (
    <h2
      className={`conversation-group-label${dropTarget ? ' drop-zone' : ''}${dropTarget && drop.over ? ' drop-target' : ''}`}
      data-testid={`${testId}-label`}
      aria-hidden="true"
      {...(dropTarget ? drop.props : {})}
    >
      {label}
    </h2>
  );
}
