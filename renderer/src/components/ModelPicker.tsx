import type { ModelInfo } from '../../../shared/models';
import { formatBytes } from '../format/format-bytes';
import { selectSelectedModelInfo } from '../store/selectors';
import { useTaco } from '../store/store-context';
import { CapabilityBadges } from './CapabilityBadges';

function optionLabel(model: ModelInfo): string {
  const details = [formatBytes(model.sizeBytes), model.parameterSize, model.quantization].filter(Boolean);
  return details.length ? `${model.name} · ${details.join(' · ')}` : model.name;
}

/** The installed models, with size and capabilities; the choice is remembered as the default. */
export function ModelPicker() {
  const models = useTaco((state) => state.models);
  const selected = useTaco((state) => state.selectedModel);
  const selectModel = useTaco((state) => state.selectModel);
  const selectedInfo = useTaco(selectSelectedModelInfo);
  const list = models?.type === 'ok' ? models.models : [];
  const disabled = list.length === 0;

  return (
    <div className="model-picker">
      <label className="visually-hidden" htmlFor="model-picker">
        Model
      </label>
      <select
        id="model-picker"
        data-testid="model-picker"
        value={selected ?? ''}
        disabled={disabled}
        onChange={(event) => void selectModel(event.target.value)}
      >
        {disabled && <option value="">{models === null ? 'Loading models…' : 'No models'}</option>}
        {list.map((model) => (
          <option key={model.name} value={model.name}>
            {optionLabel(model)}
          </option>
        ))}
      </select>
      {selectedInfo && <CapabilityBadges model={selectedInfo} />}
    </div>
  );
}
