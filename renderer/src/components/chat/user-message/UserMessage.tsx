import type { UserItem } from '../../../store/events/conversation-view';
import { MessageImages } from '../MessageImages';
import { ResourceChips } from '../../composer/ResourceChips';
import { UserMessageTools } from './UserMessageTools';

export function UserMessage({ item }: { item: UserItem }) {
  return (
    <article className="message message-user" data-testid="message" data-role="user" aria-label="You">
      <MessageImages images={item.images} />
      <ResourceChips chips={item.resources} />
      <div className="message-body plain-text">{item.text}</div>
      <UserMessageTools item={item} />
    </article>
  );
}
