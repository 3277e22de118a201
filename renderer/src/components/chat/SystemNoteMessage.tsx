import { CONTINUE_PROMPT } from '../../../../shared/conversations/commands';
import type { SystemNote } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { Markdown } from '../markdown/Markdown';

/** The question main asks when the composer is sent empty with a task pending, as a question with buttons (main reads "y" or "n"). */
function ContinueQuestion({ isLatest }: { isLatest: boolean }) {
  const send = useTaco((state) => state.send);
  const sending = useTaco((state) => state.sending);
  return (
    <article className="message message-system command-card" data-testid="message" data-role="system" aria-label="Continue the task?">
      <p className="command-card-title">Continue with the current task?</p>
      {isLatest ? (
        <div className="card-actions" data-testid="continue-question">
          <button type="button" className="button primary" data-testid="continue-yes" disabled={sending} onClick={() => void send('yes')}>
            Continue the task
          </button>
          <button type="button" className="button" data-testid="continue-no" disabled={sending} onClick={() => void send('no')}>
            Drop it
          </button>
        </div>
      ) : null}
    </article>
  );
}

/**
 * The answer to a slash command (`/status`, `/tools`, `/help`, …) as a card: its markdown rendered
 * (safely, as model output is: tool descriptions come from MCP servers), the command as its title.
 */
export function SystemNoteMessage({ item, isLatest }: { item: SystemNote; isLatest: boolean }) {
  if (item.command === '' && item.output === CONTINUE_PROMPT) return <ContinueQuestion isLatest={isLatest} />;
  return (
    <article
      className="message message-system command-card"
      data-testid="message"
      data-role="system"
      aria-label={`Output of ${item.command}`}
    >
      {item.command !== '' && <div className="system-note-head">{item.command}</div>}
      <div className="system-note-body">
        <Markdown text={item.output} streaming={false} />
      </div>
    </article>
  );
}
