import { useLayoutEffect, useRef } from 'react';
import { selectActiveView } from '../store/selectors';
import { useTaco } from '../store/store-context';
import { AssistantMessage } from './AssistantMessage';
import { EmptyConversation } from './EmptyConversation';
import { SystemNoteMessage } from './SystemNoteMessage';
import { UserMessage } from './UserMessage';

/** Distance from the bottom (px) within which the list keeps following new output. */
const FOLLOW_THRESHOLD_PX = 80;

/** The conversation: user messages, assistant turns and system notes; follows the stream while at the bottom. */
export function MessageList() {
  const view = useTaco(selectActiveView);
  const loading = useTaco((state) => state.loadingConversationId !== null && state.loadingConversationId === state.activeConversationId);
  const hasModel = useTaco((state) => state.selectedModel !== null);
  // While the Ollama banner explains what to do, the welcome text would only repeat it.
  const ollamaReady = useTaco((state) => state.models?.type === 'ok' && state.models.models.length > 0);
  const listRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [view]);

  const onScroll = () => {
    const list = listRef.current;
    if (list) following.current = list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_THRESHOLD_PX;
  };

  const lastAssistantIndex = view.items.findLastIndex((item) => item.type === 'assistant');

  return (
    <div ref={listRef} className="message-list" role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation" data-testid="message-list" onScroll={onScroll}>
      <div className="message-column">
        {loading && view.items.length === 0 && <p className="muted centered">Loading the conversation…</p>}
        {!loading && view.items.length === 0 && ollamaReady && <EmptyConversation hasModel={hasModel} />}
        {view.items.map((item, index) => {
          switch (item.type) {
            case 'user':
              return <UserMessage key={item.id} item={item} />;
            case 'system-note':
              return <SystemNoteMessage key={item.id} item={item} />;
            case 'assistant': {
              const running = view.running && view.activeRunId === item.runId;
              return <AssistantMessage key={item.id} turn={item} running={running} status={running ? view.status : null} isLatest={index === lastAssistantIndex} />;
            }
            default: {
              const unreachable: never = item;
              return unreachable;
            }
          }
        })}
      </div>
    </div>
  );
}
