import { useEffect, useRef } from 'react';
import { useSidebarAsRail } from '../layout/use-sidebar-as-rail';
import { useEscapeCloses } from '../ui/use-escape-closes';
import { useTaco } from '../../store/store-context';
import { ConversationList } from './ConversationList';
import { DeleteUndoToasts } from './DeleteUndoToasts';
import { ImportConversationButton } from './ImportConversationButton';
import { SearchResults } from './SearchResults';
import { SidebarSearch } from './SidebarSearch';
import { PresetPicker } from '../system-prompts/PresetPicker';
import { SystemViewButton, SystemViewDialog } from '../system-prompts/SystemViewDialog';

/**
 * New chat, search, the conversations (pinned first) with their actions, import, and the way to
 * tools and settings. In the narrow layout (and beside an open artifact in a small window) it is a drawer over the chat that the rail opens; it
 * closes on Esc, outside, or once a conversation is picked.
 */
export function Sidebar() {
  const newConversation = useTaco((state) => state.newConversation);
  const openCatalogue = useTaco((state) => state.setCatalogueOpen);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  const openProjectDialog = useTaco((state) => state.setProjectDialog);
  const search = useTaco((state) => state.search);
  const activeId = useTaco((state) => state.activeConversationId);
  const drawerOpen = useTaco((state) => state.sidebarDrawerOpen);
  const setDrawerOpen = useTaco((state) => state.setSidebarDrawerOpen);
  const narrow = useSidebarAsRail();
  const results = useRef<HTMLDivElement>(null);

  useEffect(() => setDrawerOpen(false), [activeId, setDrawerOpen]);
  // The open drawer takes focus (New chat) and Esc closes it wherever focus is, unless a dialog has
  // Esc; focus goes back to the rail's button that opened it.
  const drawerShown = narrow && drawerOpen;
  useEffect(() => {
    if (!drawerShown) return;
    const drawer = document.getElementById('conversation-drawer');
    if (drawer && !drawer.contains(document.activeElement)) drawer.querySelector<HTMLElement>('.new-chat')?.focus();
  }, [drawerShown]);
  useEscapeCloses(drawerShown, () => setDrawerOpen(false), railButton);
  /**
   * Tools, Settings or a new project opened from the drawer (dialogs of the app, not of the drawer): the drawer closes first and hands focus to the rail's button,
   * so the dialog opens over the chat alone and gives focus back there when it closes.
   */
  const fromDrawer = (openDialog: () => void) => () => {
    if (drawerShown) {
      railButton()?.focus();
      setDrawerOpen(false);
    }
    openDialog();
  };
  if (narrow && !drawerOpen) return <DeleteUndoToasts />;

  return (
    <>
      {narrow && (
        <button
          type="button"
          className="drawer-backdrop"
          aria-label="Close the conversations"
          tabIndex={-1}
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <nav id="conversation-drawer" className={`sidebar${narrow ? ' sidebar-drawer' : ''}`} aria-label="Conversations">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">TACO</span>
        </div>
        <button
          type="button"
          className="button primary new-chat"
          data-testid="new-chat"
          onClick={() => {
            newConversation();
            setDrawerOpen(false);
          }}
        >
          New chat
        </button>
        <PresetPicker />
        <button
          type="button"
          className="button ghost new-project"
          data-testid="new-project"
          onClick={fromDrawer(() => openProjectDialog({ type: 'create' }))}
        >
          New project…
        </button>
        <SidebarSearch resultsRef={results} />
        <div ref={results} className="sidebar-scroll">
          {search.type === 'idle' ? <ConversationList scrollRef={results} /> : <SearchResults search={search} />}
        </div>
        <div className="sidebar-footer">
          <button type="button" className="button ghost" data-testid="catalogue-button" onClick={fromDrawer(() => openCatalogue(true))}>
            Tools
          </button>
          <button type="button" className="button ghost" data-testid="settings-button" onClick={fromDrawer(() => openSettings(true))}>
            Settings
          </button>
          <ImportConversationButton />
          <SystemViewButton />
        </div>
        <SystemViewDialog />
        <DeleteUndoToasts />
      </nav>
    </>
  );
}

/** The narrow layout rail's Conversations button: the drawer's opener, where focus goes when it closes. */
function railButton(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-testid="rail-conversations"]');
}
