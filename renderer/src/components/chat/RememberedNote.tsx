import { useId, useState } from 'react';
import type { RecalledMemory } from '../../../../shared/memory/memory';
import { useTaco } from '../../store/store-context';

/** A note's first words for the folded line. */
function preview(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * "Remembered: …" on a turn: the notes from memory that went into this turn's prompt. Folded it
 * shows the first note's beginning and how many more; unfolded, each note in full with a link to
 * it in Settings → Memory (edit or delete it there). Notes are plain text, never markup.
 */
export function RememberedNote({ notes }: { notes: readonly RecalledMemory[] }) {
  const showMemory = useTaco((state) => state.showMemory);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const first = notes[0];
  if (!first) return null;
  const more = notes.length - 1;
  return (
    <div className="remembered" data-testid="remembered">
      <button
        type="button"
        className="remembered-toggle"
        data-testid="remembered-toggle"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen(!open)}
      >
        <span className="remembered-label">Remembered:</span> <span className="remembered-preview">{preview(first.text)}</span>
        {more > 0 && <span className="muted"> and {more} more</span>}
      </button>
      {open && (
        <ul id={listId} className="remembered-list" data-testid="remembered-list" aria-label="Notes from memory used for this answer">
          {notes.map((note) => (
            <li key={note.memoryId} data-testid="remembered-item">
              <span className="remembered-text">{note.text}</span>{' '}
              <button type="button" className="link-button" data-testid="remembered-open" onClick={() => showMemory(note.memoryId)}>
                Open in Settings → Memory
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
