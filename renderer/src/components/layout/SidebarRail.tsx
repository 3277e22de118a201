import { useTaco } from '../../store/store-context';
import { GearIcon, MenuIcon, PlusIcon, ToolsIcon } from '../Icons';

/** The narrow layout's left edge: open the conversations, a new chat, tools and settings, as icons with names. */
export function SidebarRail() {
  const drawerOpen = useTaco((state) => state.sidebarDrawerOpen);
  const setDrawerOpen = useTaco((state) => state.setSidebarDrawerOpen);
  const newConversation = useTaco((state) => state.newConversation);
  const openCatalogue = useTaco((state) => state.setCatalogueOpen);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  return (
    <nav className="sidebar-rail" aria-label="App" data-testid="sidebar-rail">
      <button
        type="button"
        className="icon-button rail-button"
        data-testid="rail-conversations"
        aria-label="Conversations"
        title="Conversations"
        aria-expanded={drawerOpen}
        aria-controls="conversation-drawer"
        onClick={() => setDrawerOpen(!drawerOpen)}
      >
        <MenuIcon />
      </button>
      <button
        type="button"
        className="icon-button rail-button"
        data-testid="rail-new-chat"
        aria-label="New chat"
        title="New chat"
        onClick={newConversation}
      >
        <PlusIcon />
      </button>
      <span className="rail-spacer" />
      <button
        type="button"
        className="icon-button rail-button"
        data-testid="rail-tools"
        aria-label="Tools"
        title="Tools"
        onClick={() => openCatalogue(true)}
      >
        <ToolsIcon />
      </button>
      <button
        type="button"
        className="icon-button rail-button"
        data-testid="rail-settings"
        aria-label="Settings"
        title="Settings"
        onClick={() => openSettings(true)}
      >
        <GearIcon />
      </button>
    </nav>
  );
}
