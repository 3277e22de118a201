import type { SettingsForm } from './settings-form';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
  invalid: boolean;
}

/** How many tools a model request carries, and what ranks them (small models choose badly among many tools). */
export function ToolSelectionSettings({ form, change, invalid }: Props) {
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Tool selection</legend>
      <div className="settings-grid">
        <label className="field">
          <span className="field-label">Tools per request</span>
          <input
            type="number"
            inputMode="numeric"
            data-testid="settings-tool-budget"
            min={0}
            max={1000}
            step={1}
            value={form.toolBudget}
            aria-invalid={invalid}
            onChange={(event) => change({ toolBudget: event.target.value })}
          />
          <span className="field-hint">
            With more tools than this, only the most relevant ones go to the model each step; it can ask for others with find_tools. Small
            models choose better from fewer tools. 0 sends every tool.
          </span>
        </label>
        <label className="field">
          <span className="field-label">Embedding model for tool ranking</span>
          <input
            type="text"
            data-testid="settings-embedding-model"
            placeholder="none: rank by keywords"
            value={form.embeddingModel}
            onChange={(event) => change({ embeddingModel: event.target.value })}
          />
          <span className="field-hint">
            An Ollama embedding model (for example nomic-embed-text) ranks tools by meaning. Empty, or if it fails, tools are ranked by
            keywords.
          </span>
        </label>
      </div>
    </fieldset>
  );
}
