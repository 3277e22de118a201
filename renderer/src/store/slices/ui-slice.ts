import { DEFAULTS } from '../../../../shared/constants';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator, StoreDeps, UiSlice } from '../store-types';

function readCollapsed(storage: StoreDeps['storage']): boolean {
  try {
    return storage?.getItem(DEFAULTS.rendererStore.panelCollapsedKey) === 'true';
  } catch {
    return false;
  }
}

export const createUiSlice: SliceCreator<UiSlice> = (set, get, { storage }) => {
  let nextNoticeId = 1;
  return {
    panelCollapsed: readCollapsed(storage),
    catalogueOpen: false,
    settingsOpen: false,
    settingsTab: 'general',
    notices: [],

    togglePanel() {
      const panelCollapsed = !get().panelCollapsed;
      set({ panelCollapsed });
      try {
        storage?.setItem(DEFAULTS.rendererStore.panelCollapsedKey, String(panelCollapsed));
      } catch {
        // Storage full or disabled: the panel still toggles, it just will not be remembered.
      }
    },
    setCatalogueOpen(catalogueOpen) {
      set({ catalogueOpen });
      if (catalogueOpen) void get().loadTools();
    },
    setSettingsOpen(settingsOpen, tab) {
      set(settingsOpen ? { settingsOpen, settingsTab: tab ?? 'general' } : { settingsOpen });
    },
    reportError(error) {
      get().notify(describeCallFailure(error));
    },
    notify(message) {
      set((state) => {
        if (state.notices.at(-1)?.message === message) return {};
        const notices = [...state.notices, { id: nextNoticeId++, message }];
        return { notices: notices.slice(-DEFAULTS.rendererStore.maxNotices) };
      });
    },
    dismissNotice(id) {
      set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }));
    },
  };
};
