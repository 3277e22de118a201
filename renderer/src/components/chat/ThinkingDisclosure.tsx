import { useId, useState } from 'react';

/** The model's thinking, collapsed above its answer; opens on demand. Rendered as plain text. */
export function ThinkingDisclosure({ text, streaming }: { text: string; streaming: boolean }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <div className="thinking" data-testid="thinking-disclosure" data-open={open}>
      <button
        type="button"
        className="thinking-toggle"
        aria-expanded={open}
        aria-controls={contentId}
        data-testid="thinking-toggle"
        onClick={() => setOpen(!open)}
      >
        <span className={`chevron${open ? ' open' : ''}`} aria-hidden="true" />
        {streaming ? <span className="thinking-live">Thinking…</span> : 'Thought process'}
      </button>
      {open && (
        <div id={contentId} className="thinking-text plain-text" data-testid="thinking">
          {text}
        </div>
      )}
    </div>
  );
}
