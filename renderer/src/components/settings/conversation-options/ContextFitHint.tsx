import { useEffect, useState } from 'react';
import type { ContextFit } from '../../../../../shared/models/models';
import { useTaco } from '../../../store/store-context';

/** Waits this long after the last keystroke before asking main. */
const ASK_AFTER_MS = 300;

/**
 * Under the context field: whether that many tokens fit where the model runs (main estimates it
 * from /api/show and /api/ps), asked once typing pauses. A warning when the model would need more
 * GPU memory than now or already runs partly on the CPU.
 */
export function ContextFitHint({ model, contextTokens }: { model: string; contextTokens: number | null }) {
  const contextFit = useTaco((state) => state.contextFit);
  const [fit, setFit] = useState<ContextFit | null>(null);
  useEffect(() => {
    setFit(null);
    if (model === '' || contextTokens === null) return;
    let current = true;
    const timer = setTimeout(() => {
      void contextFit(model, contextTokens).then((answer) => {
        if (current) setFit(answer);
      });
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [model, contextTokens, contextFit]);
  if (fit === null) return null;
  const warn = fit.type === 'grows' || fit.type === 'spilled';
  return (
    <span className={`field-hint${warn ? ' warning' : ''}`} data-testid="context-fit" data-fit={fit.type} role="status">
      {fit.message}
    </span>
  );
}
