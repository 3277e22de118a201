import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { DEFAULTS } from '../../../../../shared/constants';
import type { UserItem } from '../../../store/events/conversation-view';
import { useTaco } from '../../../store/store-context';
import { flightKey } from '../../../store/store-types';

/** Lines the editor grows to before it scrolls. */
const MAX_ROWS = 12;

/**
 * Edit a sent message in place: Enter saves and runs again from here (later messages are
 * withdrawn), Shift+Enter adds a line, Escape keeps the message as it was.
 */
export function UserMessageEditor({ item }: { item: UserItem }) {
  const editMessage = useTaco((state) => state.editMessage);
  const stopEditing = useTaco((state) => state.stopEditing);
  const saving = useTaco((state) => Boolean(state.inFlight[flightKey('chat.edit', item.id)]));
  const [text, setText] = useState(item.text);
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = ref.current;
    box?.focus();
    box?.setSelectionRange(box.value.length, box.value.length);
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || saving) return;
    // Saved: this message is withdrawn and sent again, so the conversation goes on from the composer.
    if (await editMessage(item.id, text)) document.querySelector<HTMLElement>('.composer textarea')?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    }
  };

  return (
    <form className="message-editor" data-testid="message-editor" onSubmit={(event) => void save(event)}>
      <textarea
        ref={ref}
        data-testid="message-editor-input"
        aria-label="Edit your message"
        aria-describedby={hintId}
        value={text}
        rows={Math.min(MAX_ROWS, Math.max(2, text.split('\n').length))}
        maxLength={DEFAULTS.maxMessageChars}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="field-hint">
        Saving runs the conversation again from this message; the messages after it are replaced.
      </p>
      <div className="message-editor-actions">
        <button type="button" className="button" data-testid="message-editor-cancel" onClick={stopEditing}>
          Cancel
        </button>
        <button type="submit" className="button primary" data-testid="message-editor-save" disabled={!text.trim() || saving}>
          {saving ? 'Saving…' : 'Save and run'}
        </button>
      </div>
    </form>
  );
}
