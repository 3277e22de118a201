import type { UserItem } from '../store/conversation-view';

export function UserMessage({ item }: { item: UserItem }) {
  return (
    <article className="message message-user" data-testid="message" data-role="user" aria-label="You">
      <div className="message-body plain-text">{item.text}</div>
    </article>
  );
}
