import { useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import type { TurnPart } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { StackStatusView } from '../stack/StackStatusView';

type DepthPart = Extract<TurnPart, { type: 'depth' }>;

/**
 * The tool stack hit its depth limit: show the status and ask Continue (more levels) or Cancel.
 * Once answered it is one line saying what was decided, which opens to the stack as it was.
 */
export function DepthPrompt({
  part,
  runId,
  goal,
  runFinished,
}: {
  part: DepthPart;
  runId: string;
  goal: string | null;
  runFinished: boolean;
}) {
  const respond = useTaco((state) => state.respondDepth);
  const busy = useTaco((state) => Boolean(state.inFlight[flightKey('depth.respond', runId)]));
  const open = part.decision === null && !runFinished;
  const [expanded, setExpanded] = useState(false);
  const outcome =
    part.decision === 'continue'
      ? `Continued: the limit is now ${part.grantedLimit ?? part.limit + DEFAULTS.depthLimitStep} levels.`
      : part.decision === 'cancel'
        ? 'Cancelled.'
        : 'The run ended before this was answered.';
  if (!open && !expanded)
    return (
      <section className="card approval-card approval-collapsed" data-testid="depth-prompt" aria-label="Tool stack depth limit">
        <button type="button" className="approval-line" aria-expanded={false} onClick={() => setExpanded(true)}>
          <span className="approval-line-name">{part.depth} levels deep</span>
          <span className="card-outcome" data-testid="depth-outcome">
            {outcome}
          </span>
          <span className="approval-line-more" aria-hidden="true">
            ▸
          </span>
        </button>
      </section>
    );
  return (
    <section className="card depth-prompt" data-testid="depth-prompt" aria-label="Tool stack depth limit">
      <p className="card-title">The tools are nested {part.depth} levels deep, the limit for one task. Keep going?</p>
      <StackStatusView frames={part.frames} goal={goal} limit={part.limit} live={open} />
      {open ? (
        <div className="card-actions">
          <button
            type="button"
            className="button primary"
            data-testid="depth-continue"
            disabled={busy}
            onClick={() => void respond(runId, 'continue')}
          >
            Continue ({DEFAULTS.depthLimitStep} more levels)
          </button>
          <button type="button" className="button" data-testid="depth-cancel" disabled={busy} onClick={() => void respond(runId, 'cancel')}>
            Cancel the task
          </button>
        </div>
      ) : (
        <p className="card-outcome" data-testid="depth-outcome">
          {outcome}{' '}
          <button type="button" className="link-button" onClick={() => setExpanded(false)}>
            Show less
          </button>
        </p>
      )}
    </section>
  );
}
