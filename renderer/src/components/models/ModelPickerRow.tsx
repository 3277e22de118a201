import type { ModelInfo } from '../../../../shared/models/models';
import { useTaco } from '../../store/store-context';
import { CapabilityBadges } from './CapabilityBadges';
import { memoryLine } from './model-memory';
import { modelDetails, shortModelName } from './model-picker-groups';

/** One model in the picker: its own name, size and quantisation, what it can do, whether it fits in memory, and what its check tuned. */
export function ModelPickerRow({ model, selected }: { model: ModelInfo; selected: boolean }) {
  const tuned = useTaco((state) => state.settings?.modelTuning?.[model.name]?.summary ?? null);
  const details = modelDetails(model);
  const memory = memoryLine(model);
  return (
    <span className="model-option" data-model={model.name} aria-current={selected ? 'true' : undefined}>
      <span className="model-option-head">
        <span className="model-option-name">{shortModelName(model)}</span>
        {selected && <span className="model-option-current">Current</span>}
        <CapabilityBadges model={model} />
      </span>
      {details && <span className="model-option-details">{details}</span>}
      {memory && <span className={`model-option-memory${memory.spilled ? ' model-option-spilled' : ''}`}>{memory.text}</span>}
      {tuned && (
        <span className="model-option-details" data-testid="model-option-tuned">
          {tuned}
        </span>
      )}
    </span>
  );
}
