import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { EmptyConversation } from '../chat/EmptyConversation';
import { MESSAGE_LIST_PROPS, VirtualMessages } from './VirtualMessages';

/**
 * The conversation: user messages, assistant turns and system notes, virtualized (only what is on
 * screen is in the DOM); it follows the stream while at the bottom.
 */
export function MessageList() {
  const view = useTaco(selectActiveView);
  const loading = useTaco((state) => state.loadingConversationId !== null && state.loadingConversationId === state.activeConversationId);
  const hasModel = useTaco((state) => state.selectedModel !== null);
  // While the Ollama banner explains what to do, the welcome text would only repeat it.
  const ollamaReady = useTaco((state) => state.models?.type === 'ok' && state.models.models.length > 0);
  const conversationId = view.conversationId;
  const hasOlder = useTaco((state) => conversationId !== null && (state.olderCursors[conversationId] ?? null) !== null);
  const loadingOlder = useTaco((state) => conversationId !== null && state.loadingOlderId === conversationId);
  const loadOlderMessages = useTaco((state) => state.loadOlderMessages);

  if (view.items.length > 0) {
    const older = {
      available: hasOlder,
      loading: loadingOlder,
      load: () => {
        if (conversationId !== null) void loadOlderMessages(conversationId);
      },
    };
    return <VirtualMessages key={conversationId ?? 'new'} view={view} older={older} />;
  }
  return (
    <div {...MESSAGE_LIST_PROPS}>
      <div className="message-column">
        {loading && <p className="muted centered">Loading the conversation…</p>}
        {!loading && ollamaReady && <EmptyConversation hasModel={hasModel} />}
      </div>
    </div>
  );
}
