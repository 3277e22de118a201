import { AssistantMessage } from '../src/components/chat/AssistantMessage';
import { Composer } from '../src/components/composer/Composer';
import { Notices } from '../src/components/Notices';
import { SystemNoteMessage } from '../src/components/chat/SystemNoteMessage';
import { UserMessage } from '../src/components/chat/user-message/UserMessage';
import { selectActiveView } from '../src/store/selectors';
import { useTaco } from '../src/store/store-context';

/**
 * The open conversation's messages rendered one after another (no virtualization, which needs a
 * real layout), with the composer and the notices: for tests of what happens in and under messages.
 */
export function PlainConversation() {
  const view = useTaco(selectActiveView);
  const lastAssistant = view.items.findLastIndex((item) => item.type === 'assistant');
  return (
    <>
      <div data-testid="message-list">
        {view.items.map((item, index) => {
          switch (item.type) {
            case 'user':
              return <UserMessage key={item.id} item={item} />;
            case 'system-note':
              return <SystemNoteMessage key={item.id} item={item} isLatest={index === view.items.length - 1 && !view.running} />;
            case 'assistant': {
              const running = view.running && view.activeRunId === item.runId;
              return (
                <AssistantMessage
                  key={item.id}
                  turn={item}
                  running={running}
                  status={running ? view.status : null}
                  isLatest={index === lastAssistant}
                />
              );
            }
            default: {
              const unreachable: never = item;
              return unreachable;
            }
          }
        })}
      </div>
      <Notices />
      <Composer />
    </>
  );
}
