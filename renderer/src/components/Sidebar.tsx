import { useTaco } from '../store/store-context';

/** Conversations (newest first), a new chat, and the way to the tools and settings. */
export function Sidebar() {
  const conversations = useTaco((state) => state.conversations);
  const activeId = useTaco((state) => state.activeConversationId);
  const newConversation = useTaco((state) => state.newConversation);
  const openConversation = useTaco((state) => state.openConversation);
  const openCatalogue = useTaco((state) => state.setCatalogueOpen);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  const sorted = [...conversations].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt);

  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">TACO</span>
      </div>
      <button type="button" className="button primary new-chat" data-testid="new-chat" onClick={newConversation}>
        New chat
      </button>
      <ul className="conversation-list" data-testid="conversation-list">
        {sorted.length === 0 && <li className="muted small sidebar-empty">No conversations yet. Your chats appear here.</li>}
        {sorted.map((conversation) => (
          <li key={conversation.conversationId}>
            <button
              type="button"
              className={`conversation-item${conversation.conversationId === activeId ? ' active' : ''}`}
              data-testid="conversation-item"
              aria-current={conversation.conversationId === activeId ? 'page' : undefined}
              onClick={() => void openConversation(conversation.conversationId)}
              title={conversation.title}
            >
              <span className="conversation-title">{conversation.title || 'Untitled'}</span>
              {conversation.model && <span className="conversation-model muted">{conversation.model}</span>}
            </button>
          </li>
        ))}
      </ul>
      <div className="sidebar-footer">
        <button type="button" className="button ghost" data-testid="catalogue-button" onClick={() => openCatalogue(true)}>
          Tools
        </button>
        <button type="button" className="button ghost" data-testid="settings-button" onClick={() => openSettings(true)}>
          Settings
        </button>
      </div>
    </nav>
  );
}
