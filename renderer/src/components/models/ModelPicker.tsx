import { selectSelectedModelInfo } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { modelLabel } from '../../../../shared/model-label';
import { CapabilityBadges } from './CapabilityBadges';
import { useServerNames } from './ConversationModelLabel';
import { optionLabel } from './option-label';
import { ServerOptionGroups, ServerStatusDot } from './ServerModelGroups';

export { optionLabel };

/** The installed models, with size, quantization and capabilities; the choice is remembered as the default. */
export function ModelPicker() {
  const models = useTaco((state) => state.models);
  const selected = useTaco((state) => state.selectedModel);
  const selectModel = useTaco((state) => state.selectModel);
  const selectedInfo = useTaco(selectSelectedModelInfo);
  const openManager = useTaco((state) => state.setModelManagerOpen);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  const runningPulls = useTaco((state) => state.pulls.filter((pull) => pull.phase === 'running').length);
  const list = models?.type === 'ok' ? models.models : [];
  // With model servers added: one group per server, and the ones that failed say why.
  const groups = models?.servers && models.servers.length > 1 ? models.servers : null;
  const disabled = list.length === 0;
  const names = useServerNames();

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
        {/* The conversation keeps a model its server no longer lists: shown, never replaced (the composer says why). */}
        {!disabled && selected !== null && !list.some((model) => model.name === selected) && (
          <option value={selected}>{`${modelLabel(selected, names).text} (unavailable)`}</option>
        )}
        {groups === null ? (
          list.map((model) => (
            <option key={model.name} value={model.name}>
              {optionLabel(model)}
            </option>
          ))
        ) : (
          <ServerOptionGroups groups={groups} />
        )}
      </select>
      {selectedInfo && <CapabilityBadges model={selectedInfo} />}
      {groups && <ServerStatusDot groups={groups} onOpenSettings={() => openSettings(true)} />}
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
