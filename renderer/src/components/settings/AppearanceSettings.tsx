import type { Settings } from '../../../../shared/settings/settings';
import { useTaco } from '../../store/store-context';
import type { SettingsForm } from './settings-form';
import { Select } from '../ui/Select';

const THEMES: Array<{ value: Settings['theme']; label: string }> = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
  invalid: boolean;
}

/** Theme and text size, saved with Save; a theme shows in the window as soon as it is picked (until Cancel). */
export function AppearanceSettings({ form, change, invalid }: Props) {
  const preview = useTaco((state) => state.setThemePreview);
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Appearance</legend>
      <label className="field-row">
        <span>Theme</span>
        <Select
          data-testid="settings-theme"
          value={form.theme}
          options={THEMES}
          onChange={(theme) => {
            change({ theme });
            preview(theme);
          }}
        />
      </label>
      <label className="field-row">
        <span>Text size</span>
        <span className="field-inline">
          <input
            type="number"
            inputMode="numeric"
            data-testid="settings-font-size"
            min={10}
            max={28}
            step={1}
            value={form.fontSize}
            aria-invalid={invalid}
            onChange={(event) => change({ fontSize: event.target.value })}
          />
          <span className="muted small">px (10–28)</span>
        </span>
      </label>
    </fieldset>
  );
}
