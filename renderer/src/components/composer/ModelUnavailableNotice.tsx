import type { ModelAvailability } from '../../store/model-availability';
import { useTaco } from '../../store/store-context';

/** The model picker's trigger (the picker is its own component; this only moves focus to it). */
const PICKER_SELECTOR = '[data-testid="model-picker"]';

/**
 * Above the composer when the conversation's model cannot answer: "Docs box is offline — Retry ·
 * Choose another model". The conversation keeps its model; Send waits until Retry finds the server
 * again or the user picks another model.
 */
export function ModelUnavailableNotice({ availability }: { availability: Extract<ModelAvailability, { type: 'unavailable' }> }) {
  const loadModels = useTaco((state) => state.loadModels);
  const checking = useTaco((state) => state.modelsLoading);
  const chooseAnother = () => {
    const picker = document.querySelector<HTMLElement>(PICKER_SELECTOR);
    picker?.focus();
    picker?.click();
  };
  return (
    <div
      className="composer-notice composer-notice-unavailable"
      role="status"
      data-testid="model-unavailable"
      data-reason={availability.reason}
    >
      <span data-testid="model-unavailable-message">{availability.message}</span>
      <span aria-hidden="true"> — </span>
      <button
        type="button"
        className="link-button"
        data-testid="model-unavailable-retry"
        disabled={checking}
        onClick={() => void loadModels()}
      >
        {checking ? 'Checking…' : 'Retry'}
      </button>
      <span aria-hidden="true"> · </span>
      <button type="button" className="link-button" data-testid="model-unavailable-choose" onClick={chooseAnother}>
        Choose another model
      </button>
    </div>
  );
}

/** "TACO is still answering — press Stop or wait": Enter while a reply streams, said calmly. */
export function StillAnsweringHint() {
  return (
    <p className="composer-notice composer-notice-hint" role="status" data-testid="still-answering">
      TACO is still answering — press Stop or wait. Your message stays here.
    </p>
  );
}
