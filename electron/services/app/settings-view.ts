import type { ScalarSettingKey, Settings, SettingsPatch } from '../../../shared/settings/settings';
import type { SettingsStorePort } from './app-ports';

export interface SettingsOverrides {
  ollamaHost?: string;
  workspace?: string | null;
}

export interface SettingsView {
  /** Stored settings with the flags applied. */
  current(): Settings;
  /** One setting of a plain value as it applies now, without the copy current() makes (for reads on every model request). */
  value<K extends ScalarSettingKey>(key: K): Settings[K];
  set(patch: SettingsPatch): Promise<Settings>;
}

/**
 * Settings as they apply now: the stored ones, with --host and --workspace winning until the user
 * changes that setting (then the user's choice wins and is stored). Flags are never persisted.
 */
export function createSettingsView(store: SettingsStorePort, flags: SettingsOverrides): SettingsView {
  const overrides: SettingsOverrides = { ...flags };

  const current = (): Settings => {
    const stored = store.get();
    return {
      ...stored,
      ollamaHost: overrides.ollamaHost ?? stored.ollamaHost,
      workspace: overrides.workspace !== undefined ? overrides.workspace : stored.workspace,
    };
  };

  const stored = <K extends ScalarSettingKey>(key: K): Settings[K] => (store.peek ? store.peek(key) : store.get()[key]);

  return {
    current,
    value(key) {
      if (key === 'ollamaHost' && overrides.ollamaHost !== undefined) return overrides.ollamaHost as Settings[typeof key];
      if (key === 'workspace' && overrides.workspace !== undefined) return overrides.workspace as Settings[typeof key];
      return stored(key);
    },
    async set(patch) {
      await store.set(patch);
      if (patch.ollamaHost !== undefined) delete overrides.ollamaHost;
      if (patch.workspace !== undefined) delete overrides.workspace;
      return current();
    },
  };
}
