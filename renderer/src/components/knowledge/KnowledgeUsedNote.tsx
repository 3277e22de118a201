import { useId, useState } from 'react';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import { useTaco } from '../../store/store-context';
import { passagePlace, passagesUsedWords } from './knowledge-words';

/**
 * "Used 4 passages from 2 files" under an answer: what search_knowledge put in the context.
 * Unfolded, each passage by its number with its file and place; a click opens it.
 */
export function KnowledgeUsedNote({ passages }: { passages: readonly KnowledgePassage[] }) {
  const showPassage = useTaco((state) => state.showPassage);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (passages.length === 0) return null;
  return (
    <div className="remembered knowledge-used" data-testid="knowledge-used">
      <button
        type="button"
        className="remembered-toggle"
        data-testid="knowledge-used-toggle"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen(!open)}
      >
        {passagesUsedWords(passages)}
      </button>
      {open && (
        <ul id={listId} className="remembered-list" data-testid="knowledge-used-list" aria-label="Passages used for this answer">
          {passages.map((passage) => (
            <li key={passage.n}>
              <button type="button" className="link-button" data-testid="knowledge-used-open" onClick={() => showPassage(passage)}>
                [{passage.n}] {passagePlace(passage)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
