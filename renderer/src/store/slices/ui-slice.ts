import { DEFAULTS } from '../../../../shared/constants';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator, StoreDeps } from '../store-types';

export interface Notice {
  id: number;
  message: string;
}

/** The settings dialog's tabs: general settings (saved together) and MCP servers (saved at once). */
export type SettingsTab = 'general' | 'mcp' | 'local-api';

export interface UiSlice {
  panelCollapsed: boolean;
  catalogueOpen: boolean;
  settingsOpen: boolean;
  /** The tab the settings dialog opens on. */
  settingsTab: SettingsTab;
  notices: Notice[];
  togglePanel(): void;
  setCatalogueOpen(open: boolean): void;
  /** Open (on a tab, General by default) or close the settings. */
  setSettingsOpen(open: boolean, tab?: SettingsTab): void;
  /** Show what went wrong (any thrown value) as a notice the user can dismiss. */
  reportError(error: unknown): void;
  /** Show a message that already says what happened and what to do. */
  notify(message: string): void;
  dismissNotice(id: number): void;
}

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
