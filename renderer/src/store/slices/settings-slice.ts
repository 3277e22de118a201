import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';
import type { SettingsPatch, SettingsView } from '../../../../shared/settings/settings';

export type SaveSettingsResult = { ok: true } | { ok: false; message: string };

export interface SettingsSlice {
  settings: SettingsView | null;
  loadSettings(): Promise<void>;
  saveSettings(patch: SettingsPatch): Promise<SaveSettingsResult>;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get, { api }) => ({
  settings: null,

  async loadSettings() {
    try {
      set({ settings: await api.call('settings.get', {}) });
    } catch (error) {
      get().reportError(error);
    }
  },

  async saveSettings(patch) {
    const before = get().settings;
    try {
      const settings = await api.call('settings.set', patch);
      set({ settings });
      const serversChanged = JSON.stringify(settings.servers ?? []) !== JSON.stringify(before?.servers ?? []);
      if (before && (settings.ollamaHost !== before.ollamaHost || serversChanged)) void get().loadModels();
      return { ok: true };
    } catch (error) {
      return { ok: false, message: describeCallFailure(error) };
    }
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends SettingsSlice {}
}
