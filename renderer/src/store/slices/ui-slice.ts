import { DEFAULTS } from '../../../../shared/constants';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator, StoreDeps } from '../store-types';

export interface Notice {
  id: number;
  message: string;
}

export interface UiSlice {
  panelCollapsed: boolean;
  catalogueOpen: boolean;
  settingsOpen: boolean;
  notices: Notice[];
  togglePanel(): void;
  setCatalogueOpen(open: boolean): void;
  setSettingsOpen(open: boolean): void;
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
    setSettingsOpen(settingsOpen) {
      set({ settingsOpen });
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
