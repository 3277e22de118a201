import { useId, useRef } from 'react';

/** "Attach picture": a keyboard-reachable way to add pictures besides drag and drop and paste. */
export function AttachButton({ onFiles, disabled }: { onFiles(files: File[]): void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        data-testid="attach-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className="icon-button composer-attach"
        data-testid="attach-button"
        aria-label="Attach a picture"
        title="Attach a picture (or drop or paste one)"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        +
      </button>
    </>
  );
}
