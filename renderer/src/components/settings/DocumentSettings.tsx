import type { SettingsForm } from './settings-form';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
  invalid: boolean;
}

/** How much room the kept file versions (Undo, the Documents panel) may take. */
export function DocumentSettings({ form, change, invalid }: Props) {
  return (
    <fieldset className="settings-section">
      <legend className="section-title">File versions</legend>
      <label className="field">
        <span className="field-label">Space for file versions (MB)</span>
        <input
          type="number"
          inputMode="numeric"
          data-testid="settings-version-budget"
          min={1}
          step={1}
          value={form.versionBudgetMb}
          aria-invalid={invalid}
          onChange={(event) => change({ versionBudgetMb: event.target.value })}
        />
        <span className="field-hint">
          Before a tool changes a file, TACO keeps its earlier content so you can undo it. Over this size the least recently used versions
          are dropped first (never those of the newest change).
        </span>
      </label>
    </fieldset>
  );
}
