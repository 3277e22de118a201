import { useEffect } from 'react';
import { useTaco } from '../../store/store-context';

/** "New chat from a preset…": shown once the library holds a preset (system-prompts.json in the data folder). */
export function PresetPicker() {
  const presets = useTaco((state) => state.presets);
  const load = useTaco((state) => state.loadPresets);
  const start = useTaco((state) => state.startFromPreset);
  useEffect(() => {
    void load();
  }, [load]);
  if (!presets || presets.length === 0) return null;
  return (
    <label className="field preset-picker">
      <span className="visually-hidden">New chat from a preset</span>
      <select
        data-testid="preset-picker"
        value=""
        onChange={(event) => {
          if (event.target.value) void start(event.target.value);
        }}
      >
        <option value="">New chat from a preset…</option>
        {presets.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {preset.name}
          </option>
        ))}
      </select>
    </label>
  );
}
