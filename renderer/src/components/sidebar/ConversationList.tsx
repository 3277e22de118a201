import { useMemo, useRef, useState } from 'react';
import { rovingItems, useRovingFocus } from '../../hooks/use-roving-focus';
import { useTaco } from '../../store/store-context';
import { ConversationRow } from './ConversationRow';
import { sidebarGroups } from './sidebar-order';

/** The conversations, pinned first: one Tab stop, arrows move between rows, Home and End jump. */
export function ConversationList() {
  const conversations = useTaco((state) => state.conversations);
  const pendingDeletes = useTaco((state) => state.pendingDeletes);
  const deletedIds = useTaco((state) => state.deletedIds);
  const activeId = useTaco((state) => state.activeConversationId);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const onKeyDown = useRovingFocus(container);

  const groups = useMemo(
    () => sidebarGroups(conversations, new Set([...pendingDeletes.map((entry) => entry.conversationId), ...Object.keys(deletedIds)])),
    [conversations, pendingDeletes, deletedIds],
  );
  const rows = [...groups.pinned, ...groups.recent];
  const ids = rows.map((row) => row.conversationId);
  const tabStop = [focusedId, activeId].find((id) => id !== null && ids.includes(id)) ?? ids[0] ?? null;

  /** Focus leaves a row that is about to go: to the next row, else the previous one. */
  const onBeforeDelete = (conversationId: string) => {
    const items = rovingItems(container.current);
    const index = items.findIndex(
      (item) => item.closest('[data-conversation-id]')?.getAttribute('data-conversation-id') === conversationId,
    );
    const neighbour = items[index + 1] ?? items[index - 1];
    const neighbourId = neighbour?.closest('[data-conversation-id]')?.getAttribute('data-conversation-id') ?? null;
    if (document.activeElement && container.current?.contains(document.activeElement)) neighbour?.focus();
    setFocusedId(neighbourId);
  };

  if (rows.length === 0) {
    return (
      <p className="muted small sidebar-empty">
        {pendingDeletes.length === 0 ? 'No conversations yet. Your chats appear here.' : 'No other conversations.'}
      </p>
    );
  }

  const renderGroup = (label: string, list: typeof rows, testId: string) =>
    list.length > 0 && (
      <section className="conversation-group" aria-label={label}>
        {groups.pinned.length > 0 && (
          <h2 className="conversation-group-label" aria-hidden="true">
            {label}
          </h2>
        )}
        <ul className="conversation-list" data-testid={testId}>
          {list.map((summary) => (
            <ConversationRow
              key={summary.conversationId}
              summary={summary}
              active={summary.conversationId === activeId}
              tabbable={summary.conversationId === tabStop}
              onFocusRow={setFocusedId}
              onBeforeDelete={onBeforeDelete}
            />
          ))}
        </ul>
      </section>
    );

  return (
    <div ref={container} className="conversation-groups" data-testid="conversation-list" onKeyDown={onKeyDown}>
      {renderGroup('Pinned', groups.pinned, 'pinned-conversations')}
      {renderGroup('Recent', groups.recent, 'recent-conversations')}
    </div>
  );
}
