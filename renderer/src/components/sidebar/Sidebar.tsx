import { useRef } from 'react';
import { useTaco } from '../../store/store-context';
import { ConversationList } from './ConversationList';
import { DeleteUndoToasts } from './DeleteUndoToasts';
import { ImportConversationButton } from './ImportConversationButton';
import { SearchResults } from './SearchResults';
import { SidebarSearch } from './SidebarSearch';
import { PresetPicker } from '../system-prompts/PresetPicker';
import { SystemViewButton, SystemViewDialog } from '../system-prompts/SystemViewDialog';

/** New chat, search, the conversations (pinned first) with their actions, import, and the way to tools and settings. */
export function Sidebar() {
  const newConversation = useTaco((state) => state.newConversation);
  const openCatalogue = useTaco((state) => state.setCatalogueOpen);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  const search = useTaco((state) => state.search);
  const results = useRef<HTMLDivElement>(null);

  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">TACO</span>
      </div>
      <button type="button" className="button primary new-chat" data-testid="new-chat" onClick={newConversation}>
        New chat
      </button>
      <PresetPicker />
      <SidebarSearch resultsRef={results} />
      <div ref={results} className="sidebar-scroll">
        {search.type === 'idle' ? <ConversationList /> : <SearchResults search={search} />}
      </div>
      <div className="sidebar-footer">
        <button type="button" className="button ghost" data-testid="catalogue-button" onClick={() => openCatalogue(true)}>
          Tools
        </button>
        <button type="button" className="button ghost" data-testid="settings-button" onClick={() => openSettings(true)}>
          Settings
        </button>
        <ImportConversationButton />
        <SystemViewButton />
      </div>
      <SystemViewDialog />
      <DeleteUndoToasts />
    </nav>
  );
}
