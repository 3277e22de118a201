import type { UserItem } from '../../../store/events/conversation-view';
import { selectActiveView } from '../../../store/selectors';
import { useTaco } from '../../../store/store-context';
import { CopyButton } from '../../CopyButton';
import { BranchSwitcher } from './BranchSwitcher';
import { UserMessageEditor } from './UserMessageEditor';

/**
 * Under a user message: Edit and Copy; while editing, the editor (the message text is hidden by
 * CSS then). The toolbar stays mounted, hidden, so focus can return to Edit when editing ends.
 */
export function UserMessageTools({ item }: { item: UserItem }) {
  const editing = useTaco((state) => state.editingMessageId === item.id);
  const running = useTaco((state) => selectActiveView(state).running);
  const startEditing = useTaco((state) => state.startEditing);
  return (
    <>
      {editing && <UserMessageEditor item={item} />}
      <div className="message-actions" role="toolbar" aria-label="Message actions" hidden={editing}>
        <button
          type="button"
          className="message-action"
          data-testid="edit-message"
          disabled={running}
          title={running ? 'Stop the run to edit a message' : 'Edit and run again from here'}
          onClick={() => startEditing(item.id)}
        >
          Edit
        </button>
        <CopyButton text={item.text} what="message" />
        <BranchSwitcher messageId={item.id} />
      </div>
    </>
  );
}
