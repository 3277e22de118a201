import { FIT_LABEL_TEXT } from '../../../../shared/engine/model-fit';
import type { FitEstimate } from '../../../../shared/engine/model-library';

/** "Fits / May be slow / Won't fit", with the reason as its accessible description. */
export function FitBadge({ fit }: { fit: FitEstimate }) {
  return (
    <span className={`fit-badge fit-${fit.label}`} data-testid="fit-badge" data-fit={fit.label} title={fit.reason}>
      {FIT_LABEL_TEXT[fit.label]}
    </span>
  );
}
