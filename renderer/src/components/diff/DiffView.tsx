import { Fragment, useMemo } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { revealInvisible } from '../../format/reveal-invisible';
import { parseUnifiedDiff, type DiffLine } from './parse-unified-diff';
import { wordBudget, wordHighlights, type Piece } from './word-highlights';

const SIGN: Record<DiffLine['kind'], string> = { add: '+', del: '-', context: ' ' };

interface Props {
  /** A unified diff as main sends it (approval preview, undo preview, documents compare). */
  diff: string;
  /** What the two sides are, for screen readers ("Changes to the file"). */
  label?: string;
}

/**
 * A diff as people read it: no patch headers, the old and new line numbers beside each line,
 * removed and added lines marked, and inside a changed line the words that changed (bounded by
 * `DEFAULTS.rendererDiff`: only the lines drawn are read, and word marks have an edit and a time
 * budget). Hidden characters are revealed (⟦U+202E⟧). Two equal sides say
 * "No differences"; text that is not a diff (a note from main) is shown as it is.
 */
export function DiffView({ diff, label = 'Changes to the file' }: Props) {
  const parsed = useMemo(() => parseUnifiedDiff(diff, DEFAULTS.rendererDiff.maxLines), [diff]);
  const marks = useMemo(() => {
    if (parsed.type !== 'changes') return [];
    const budget = wordBudget();
    return parsed.hunks.map((hunk) => wordHighlights(hunk, undefined, budget));
  }, [parsed]);

  if (parsed.type === 'message')
    return (
      <p className="diff-message" data-testid="diff-preview" data-kind="message">
        {revealInvisible(parsed.text).text}
      </p>
    );
  if (parsed.type === 'same')
    return (
      <p className="diff-message" data-testid="diff-preview" data-kind="same">
        No differences: both sides are the same.
      </p>
    );

  let budget = DEFAULTS.rendererDiff.maxLines;
  const total = parsed.hunks.reduce((sum, hunk) => sum + hunk.length, 0) + parsed.unread;
  return (
    <div className="diff-view" data-testid="diff-preview" data-kind="changes" role="group" aria-label={label}>
      {parsed.hunks.map((hunk, hunkIndex) => {
        const shown = hunk.slice(0, Math.max(0, budget));
        budget -= shown.length;
        if (shown.length === 0) return null;
        return (
          <Fragment key={hunkIndex}>
            {hunkIndex > 0 && (
              <div className="diff-gap" aria-hidden="true">
                ⋯
              </div>
            )}
            {shown.map((line, index) => (
              <DiffRow key={index} line={line} pieces={marks[hunkIndex]?.get(index) ?? null} />
            ))}
          </Fragment>
        );
      })}
      {total > DEFAULTS.rendererDiff.maxLines ? (
        <div className="diff-more" data-testid="diff-more">
          … {total - DEFAULTS.rendererDiff.maxLines} more lines not shown
        </div>
      ) : null}
    </div>
  );
}

function DiffRow({ line, pieces }: { line: DiffLine; pieces: Piece[] | null }) {
  return (
    <div className={`diff-row diff-${line.kind}`} data-testid="diff-line" data-kind={line.kind}>
      <span className="diff-num" data-testid="diff-old-number">
        {line.oldNumber ?? ''}
      </span>
      <span className="diff-num" data-testid="diff-new-number">
        {line.newNumber ?? ''}
      </span>
      <span className="diff-sign">{SIGN[line.kind]}</span>
      <span className="diff-text">
        {pieces === null
          ? revealInvisible(line.text).text
          : pieces.map((piece, index) =>
              piece.changed ? (
                <mark key={index} className="diff-word" data-testid="diff-word">
                  {revealInvisible(piece.text).text}
                </mark>
              ) : (
                <Fragment key={index}>{revealInvisible(piece.text).text}</Fragment>
              ),
            )}
      </span>
    </div>
  );
}
