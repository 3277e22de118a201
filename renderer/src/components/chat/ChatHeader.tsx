import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { ConversationOptionsButton } from '../settings/conversation-options/ConversationOptionsButton';
import { DocumentsButton } from '../documents/DocumentsButton';
import { ModelPicker } from '../models/ModelPicker';

/** Characters of the first message used as a title until main names the conversation. */
const FALLBACK_TITLE_CHARS = 60;

export function ChatHeader() {
  const active = useTaco((state) => state.activeConversationId);
  const title = useTaco(
    (state) => state.conversations.find((summary) => summary.conversationId === state.activeConversationId)?.title ?? null,
  );
  const firstMessage = useTaco((state) => selectActiveView(state).items.find((item) => item.type === 'user')?.text ?? null);
  const fallback = firstMessage?.trim().slice(0, FALLBACK_TITLE_CHARS) || 'Conversation';
  const shown = active === null ? 'New chat' : title || fallback;
  const project = useTaco((state) => {
    const projectId =
      state.activeConversationId === null
        ? state.draftProjectId
        : (state.conversations.find((summary) => summary.conversationId === state.activeConversationId)?.projectId ?? null);
    return projectId ? (state.projects.find((entry) => entry.projectId === projectId) ?? null) : null;
  });
  const openProject = useTaco((state) => state.setProjectDialog);
  // The header is a size container and its row adapts to it (conversations.css): the title keeps a
  // readable share, cut at the end and whole on hover; the picker always names its model.
  return (
    <header className="chat-header">
      <div className="chat-header-row">
        {project && (
          <button
            type="button"
            className="chat-project"
            data-testid="chat-project"
            title={`In the project “${project.name}”: open its settings`}
            aria-label={`Project: ${project.name}. Open its settings`}
            onClick={() => openProject({ type: 'edit', projectId: project.projectId })}
          >
            <span className="chat-project-name">{project.name}</span>
            <span className="chat-project-sep" aria-hidden="true">
              /
            </span>
          </button>
        )}
        <h1 className="chat-title" data-testid="chat-title" title={shown}>
          {shown}
        </h1>
        <ModelPicker />
        <ConversationOptionsButton />
        <DocumentsButton />
      </div>
    </header>
  );
}
