import type { ReactNode } from 'react';
import { useTaco } from '../../store/store-context';
import { useCitedPassage } from './citation-context';
import { passagePlace } from './knowledge-words';

/**
 * A "[n]" in an answer: a button that opens passage n of this turn (file, place, text) when the
 * turn used one with that number; otherwise the text as the model wrote it.
 */
export function Citation({ n, children }: { n: number; children: ReactNode }) {
  const passage = useCitedPassage(n);
  const showPassage = useTaco((state) => state.showPassage);
  if (!passage) return <sup className="md-citation-unknown">{children}</sup>;
  return (
    <sup className="md-citation">
      <button
        type="button"
        className="md-citation-button"
        data-testid="citation"
        data-citation={n}
        title={`Open ${passagePlace(passage)}`}
        aria-label={`Source ${n}: ${passagePlace(passage)}`}
        onClick={() => showPassage(passage)}
      >
        {children}
      </button>
    </sup>
  );
}
