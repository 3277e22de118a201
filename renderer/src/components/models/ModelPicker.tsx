import type { ModelInfo } from '../../../../shared/models';
import { formatBytes } from '../../format/format-bytes';
import { selectSelectedModelInfo } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { CapabilityBadges } from './CapabilityBadges';
import { modelCapabilities } from './model-capabilities';

/** "llama3.2:3b · 2.0 GB · 3.2B · Q4_K_M · tools, vision" — a native option cannot hold badges. */
export function optionLabel(model: ModelInfo): string {
  const capabilities = modelCapabilities(model).join(', ');
  const details = [formatBytes(model.sizeBytes), model.parameterSize, model.quantization, capabilities].filter(Boolean);
  return details.length ? `${model.name} · ${details.join(' · ')}` : model.name;
}

/** The installed models, with size, quantization and capabilities; the choice is remembered as the default. */
export function ModelPicker() {
  const models = useTaco((state) => state.models);
  const selected = useTaco((state) => state.selectedModel);
  const selectModel = useTaco((state) => state.selectModel);
  const selectedInfo = useTaco(selectSelectedModelInfo);
  const openManager = useTaco((state) => state.setModelManagerOpen);
  const runningPulls = useTaco((state) => state.pulls.filter((pull) => pull.phase === 'running').length);
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
      <button
        type="button"
        className="button ghost models-button"
        data-testid="models-button"
        aria-haspopup="dialog"
        title="Download, unload or delete models"
        onClick={() => openManager(true)}
      >
        Models
        {runningPulls > 0 ? (
          <span className="badge models-button-count" aria-label={`${runningPulls} downloading`}>
            {runningPulls}
          </span>
        ) : null}
      </button>
    </div>
  );
}
