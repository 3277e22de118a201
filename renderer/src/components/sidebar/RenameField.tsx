import { DEFAULTS } from '../../../../shared/constants';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface Props {
  title: string;
  /** Called once with the new title (trimmed), or null when the user kept the old one. */
  onDone(title: string | null): void;
}

/** Inline title editor: Enter or leaving the field saves, Escape keeps the old title. */
export function RenameField({ title, onDone }: Props) {
  const [value, setValue] = useState(title);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (next: string | null) => {
    if (done.current) return;
    done.current = true;
    const trimmed = next?.trim() ?? '';
    onDone(trimmed && trimmed !== title ? trimmed : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(null);
    }
  };

  return (
    <input
      ref={ref}
      className="rename-field"
      data-testid="rename-input"
      aria-label="Conversation title"
      value={value}
      maxLength={DEFAULTS.storedTitleMaxChars}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(value)}
    />
  );
}
