import { memo } from 'react';
import type { ViewItem } from '../../store/events/conversation-view';
import { AssistantMessage } from '../chat/AssistantMessage';
import { SystemNoteMessage } from '../chat/SystemNoteMessage';
import { UserMessage } from '../chat/user-message/UserMessage';

interface Props {
  item: ViewItem;
  /** This row's run is the one in progress. */
  running: boolean;
  status: string | null;
  isLatest: boolean;
}

/**
 * One message of the list. Memoized: the reducer keeps every unchanged item the same object, so
 * a batch of streamed text re-renders only the row it grows, however long the conversation.
 */
export const MessageRow = memo(function MessageRow({ item, running, status, isLatest }: Props) {
  switch (item.type) {
    case 'user':
      return <UserMessage item={item} />;
    case 'system-note':
      return <SystemNoteMessage item={item} isLatest={isLatest} />;
    case 'assistant':
      return <AssistantMessage turn={item} running={running} status={running ? status : null} isLatest={isLatest} />;
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
});
