import type { ModelTuning } from '../../../../../shared/probe/model-check';
import { Select } from '../../ui/Select';
import type { OptionsDraft } from './conversation-options-form';

interface Props {
  draft: OptionsDraft;
  /** What the model's check chose, shown as the default these fields override. */
  tuned: ModelTuning | null;
  onChange(patch: Partial<OptionsDraft>): void;
  invalidBudget: boolean;
}

/** How tool steps go for this conversation: the tool format, tools per request and thinking — over the model's checked settings. */
export function ToolStepOptions({ draft, tuned, onChange, invalidBudget }: Props) {
  const defaultFormat = tuned ? `From its check: ${tuned.toolMode === 'prompt' ? 'prompt format' : 'native calls'}` : 'Default';
  return (
    <fieldset className="options-grid">
      <legend className="field-label">Tool steps</legend>
      <label className="field">
        <span className="field-label">Tool format</span>
        <Select
          data-testid="options-tool-mode"
          value={draft.toolMode}
          onChange={(toolMode) => onChange({ toolMode })}
          options={[
            { value: '', label: defaultFormat },
            { value: 'native', label: 'Native tool calls' },
            { value: 'prompt', label: 'Prompt format (JSON)' },
          ]}
        />
      </label>
      <label className="field">
        <span className="field-label">Tools per request</span>
        <input
          data-testid="options-tool-budget"
          inputMode="numeric"
          placeholder={tuned ? `From its check: ${tuned.toolBudget}` : 'Default'}
          value={draft.toolBudget}
          onChange={(event) => onChange({ toolBudget: event.target.value })}
          aria-invalid={invalidBudget}
        />
      </label>
      <label className="field">
        <span className="field-label">Thinking in tool steps</span>
        <Select
          data-testid="options-think"
          value={draft.think}
          onChange={(think) => onChange({ think })}
          options={[
            { value: '', label: tuned ? `From its check: ${tuned.think ? 'on' : 'off'}` : 'Default' },
            { value: 'on', label: 'On' },
            { value: 'off', label: 'Off' },
          ]}
        />
      </label>
      {tuned && <span className="field-hint">{tuned.summary}. Set a field to override it for this conversation.</span>}
    </fieldset>
  );
}
