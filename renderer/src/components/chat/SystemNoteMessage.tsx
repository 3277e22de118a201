import type { SystemNote } from '../../store/events/conversation-view';

/** The answer to a slash command (`/status`, `/tools`, …), as a system note. */
export function SystemNoteMessage({ item }: { item: SystemNote }) {
  return (
    <article className="message message-system" data-testid="message" data-role="system" aria-label={`Output of ${item.command}`}>
      <div className="system-note-head">{item.command}</div>
      <pre className="system-note-body plain-text">{item.output}</pre>
    </article>
  );
}
