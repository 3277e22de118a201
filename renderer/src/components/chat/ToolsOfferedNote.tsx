import { useState } from 'react';
import type { OfferedView } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { InfoIcon } from '../Icons';

/** The tools the model called that the narrowed request did not carry (selection dropped them). */
export function missedTools(offered: OfferedView, asked: readonly string[]): string[] {
  if (!offered.narrowed) return [];
  return [...new Set(asked.filter((tool) => !offered.offered.includes(tool)))];
}

/**
 * "Offered 16 of 142 tools" for a turn whose requests carried only the most relevant tools: behind
 * a small "i" on the turn, shown unasked only when the model called a tool the selection left out
 * (then the ranking is what the user needs to know about).
 */
export function ToolsOfferedNote({ offered, asked }: { offered: OfferedView; asked: readonly string[] }) {
  const embeddingModel = useTaco((state) => state.settings?.embeddingModel ?? '');
  const [open, setOpen] = useState(false);
  if (!offered.narrowed) return null;
  const missed = missedTools(offered, asked);
  // An embedding model is set but the ranking fell back to keywords (not installed, or it failed): say so.
  const fellBack = offered.ranker === 'lexical' && embeddingModel !== '';
  const by =
    offered.ranker === 'embedding'
      ? 'by meaning (embeddings)'
      : fellBack
        ? `by keywords: the embedding model “${embeddingModel}” did not answer (is it installed? ollama pull ${embeddingModel})`
        : 'by keywords';
  const shown = open || missed.length > 0;
  const noteId = `tools-offered-${offered.offered.length}-${offered.total}`;
  return (
    <div className="tools-offered-line">
      {missed.length === 0 && (
        <button
          type="button"
          className="icon-button tools-offered-toggle"
          data-testid="tools-offered-toggle"
          aria-label="Which tools the model was offered"
          title="Which tools the model was offered"
          aria-expanded={open}
          aria-controls={open ? noteId : undefined}
          onClick={() => setOpen(!open)}
        >
          <InfoIcon />
        </button>
      )}
      {shown && (
        <div id={noteId} className="tools-offered muted small" data-testid="tools-offered" title={`Offered: ${offered.offered.join(', ')}`}>
          Offered {offered.offered.length} of {offered.total} tools, ranked {by}.
          {missed.length > 0 && (
            <span data-testid="tools-offered-missed">
              {' '}
              The model asked for {missed.join(', ')}, which {missed.length === 1 ? 'was' : 'were'} not among them.
            </span>
          )}
        </div>
      )}
    </div>
  );
}
