import { useMemo } from 'react';
import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { Tooltip } from '../ui/Tooltip';
import { contextMeterState, shortTokens } from './context-meter-state';

/** How full the context window is (from the last step's usage), beside Send; amber near the limit. */
export function ContextMeter() {
  const view = useTaco(selectActiveView);
  const state = useMemo(() => contextMeterState(view), [view]);
  if (state.type === 'none') return null;
  return (
    <Tooltip content={state.summary}>
      <div
        className={`context-meter context-meter-${state.level}`}
        data-testid="context-meter"
        data-level={state.level}
        role="meter"
        tabIndex={0}
        aria-label="Context used"
        aria-valuemin={0}
        aria-valuemax={state.size}
        aria-valuenow={Math.min(state.used, state.size)}
        aria-valuetext={state.summary}
      >
        <span className="context-meter-bar" aria-hidden="true">
          <span className="context-meter-fill" style={{ width: `${Math.round(state.share * 100)}%` }} />
        </span>
        <span className="context-meter-text" aria-hidden="true">
          {shortTokens(state.used)} / {shortTokens(state.size)}
        </span>
      </div>
    </Tooltip>
  );
}
