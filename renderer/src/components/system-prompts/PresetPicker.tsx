import { useEffect } from 'react';
import { useTaco } from '../../store/store-context';
import { Menu, MenuItem } from '../ui/Menu';

/** "New chat from a preset": a menu of the library's presets (system-prompts.json in the data folder), shown once it holds one. */
export function PresetPicker() {
  const presets = useTaco((state) => state.presets);
  const load = useTaco((state) => state.loadPresets);
  const start = useTaco((state) => state.startFromPreset);
  useEffect(() => {
    void load();
  }, [load]);
  if (!presets || presets.length === 0) return null;
  return (
    <Menu
      align="start"
      testId="preset-menu"
      trigger={
        <button type="button" className="button ghost preset-picker" data-testid="preset-picker">
          New chat from a preset…
        </button>
      }
    >
      {presets.map((preset) => (
        <MenuItem key={preset.id} testId={`preset-${preset.id}`} onSelect={() => void start(preset.id)}>
          {preset.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
