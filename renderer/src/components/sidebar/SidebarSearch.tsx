import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { rovingItems } from '../../hooks/use-roving-focus';
import { useTaco } from '../../store/store-context';
import { SearchIcon } from '../Icons';
import { dialogOpen } from '../ui/dialog-open';

/** Ctrl+K (⌘K on a Mac) anywhere. */
export function isSearchShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

function shortcutWords(): string {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl+K';
}

/** Search over titles and messages. Escape clears it; Down moves into the results. */
export function SidebarSearch({ resultsRef }: { resultsRef: RefObject<HTMLElement | null> }) {
  const query = useTaco((state) => state.searchQuery);
  const setQuery = useTaco((state) => state.setSearchQuery);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      // A modal dialog keeps focus inside it; the search waits until it is closed.
      if (dialogOpen()) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    } else if (event.key === 'ArrowDown') {
      const first = rovingItems(resultsRef.current)[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div className="sidebar-search" role="search">
      <SearchIcon />
      <input
        ref={input}
        type="search"
        data-testid="conversation-search"
        aria-label="Search conversations"
        aria-keyshortcuts="Control+K Meta+K"
        placeholder={`Search (${shortcutWords()})`}
        value={query}
        maxLength={500}
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
