import { DEFAULTS } from '../../../../shared/constants';
import { describeCallFailure } from '../../transport/taco-call-error';
import { readDrafts, withDraft, writeDrafts, type Drafts } from '../composer-drafts';
import type { SliceCreator, StoreDeps } from '../store-types';

export interface Notice {
  id: number;
  message: string;
}

/** The settings dialog's tabs: general settings (saved together) and MCP servers (saved at once). */
export type SettingsTab = 'general' | 'servers' | 'mcp' | 'local-api' | 'memory';

export interface UiSlice {
  /** The user's choice for the tool-stack panel; null: open while there are frames, a rail while there are none. */
  panelCollapsed: boolean | null;
  /** In the narrow layout: the conversation drawer and the tool-stack drawer (not remembered). */
  sidebarDrawerOpen: boolean;
  stackDrawerOpen: boolean;
  /** The theme picked in Settings and not saved yet: the window shows it while the dialog is open. */
  themePreview: 'system' | 'light' | 'dark' | null;
  catalogueOpen: boolean;
  settingsOpen: boolean;
  /** The tab the settings dialog opens on. */
  settingsTab: SettingsTab;
  notices: Notice[];
  /** The composer's half-typed message of each conversation ("new" before one starts), remembered across reloads. */
  drafts: Drafts;
  setDraft(conversationKey: string, text: string): void;
  /** Flip the panel from how it shows now (collapsedNow) and remember the choice. */
  togglePanel(collapsedNow: boolean): void;
  setSidebarDrawerOpen(open: boolean): void;
  setStackDrawerOpen(open: boolean): void;
  setThemePreview(theme: UiSlice['themePreview']): void;
  setCatalogueOpen(open: boolean): void;
  /** Open (on a tab, General by default) or close the settings. */
  setSettingsOpen(open: boolean, tab?: SettingsTab): void;
  /** Show what went wrong (any thrown value) as a notice the user can dismiss. */
  reportError(error: unknown): void;
  /** Show a message that already says what happened and what to do. */
  notify(message: string): void;
  dismissNotice(id: number): void;
}

function readCollapsed(storage: StoreDeps['storage']): boolean | null {
  try {
    const stored = storage?.getItem(DEFAULTS.rendererStore.panelCollapsedKey);
    return stored === 'true' ? true : stored === 'false' ? false : null;
  } catch {
    return null;
  }
}

export const createUiSlice: SliceCreator<UiSlice> = (set, get, { storage }) => {
  let nextNoticeId = 1;
  return {
    panelCollapsed: readCollapsed(storage),
    sidebarDrawerOpen: false,
    stackDrawerOpen: false,
    themePreview: null,
    catalogueOpen: false,
    settingsOpen: false,
    settingsTab: 'general',
    notices: [],
    drafts: readDrafts(storage),

    setDraft(conversationKey, text) {
      if ((get().drafts[conversationKey] ?? '') === text) return;
      const drafts = withDraft(get().drafts, conversationKey, text);
      set({ drafts });
      writeDrafts(storage, drafts);
    },
    togglePanel(collapsedNow) {
      const panelCollapsed = !collapsedNow;
      set({ panelCollapsed });
      try {
        storage?.setItem(DEFAULTS.rendererStore.panelCollapsedKey, String(panelCollapsed));
      } catch {
        // Storage full or disabled: the panel still toggles, it just will not be remembered.
      }
    },
    setSidebarDrawerOpen(sidebarDrawerOpen) {
      set({ sidebarDrawerOpen });
    },
    setStackDrawerOpen(stackDrawerOpen) {
      set({ stackDrawerOpen });
    },
    setThemePreview(themePreview) {
      set({ themePreview });
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

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends UiSlice {}
}
