import { useRef } from 'react';
import { useRovingFocus } from '../../hooks/use-roving-focus';
import type { SearchState } from '../../store/slices/conversation-management-slice';
import { useTaco } from '../../store/store-context';
import { MatchText } from './MatchText';

/** The name of the project a conversation is in, or null: search finds across projects and says which. */
function useProjectNames(): (conversationId: string) => string | null {
  const conversations = useTaco((state) => state.conversations);
  const projects = useTaco((state) => state.projects);
  return (conversationId) => {
    const projectId = conversations.find((entry) => entry.conversationId === conversationId)?.projectId;
    return projects.find((project) => project.projectId === projectId)?.name ?? null;
  };
}

/** What the sidebar search found: titles and snippets (plain text, the match marked); arrows move, Enter opens. */
export function SearchResults({ search }: { search: Exclude<SearchState, { type: 'idle' }> }) {
  const openConversation = useTaco((state) => state.openConversation);
  const activeId = useTaco((state) => state.activeConversationId);
  const pendingDeletes = useTaco((state) => state.pendingDeletes);
  const deletedIds = useTaco((state) => state.deletedIds);
  const projectOf = useProjectNames();
  const container = useRef<HTMLUListElement>(null);
  const onKeyDown = useRovingFocus(container);

  if (search.type === 'failed') {
    return (
      <p className="field-error small" role="alert" data-testid="search-error">
        Search failed: {search.message}
      </p>
    );
  }
  const busy = search.type === 'searching';
  const hidden = (id: string) => Boolean(deletedIds[id]) || pendingDeletes.some((entry) => entry.conversationId === id);
  const hits = (search.hits ?? []).filter((hit) => !hidden(hit.conversationId));
  if (hits.length === 0) {
    return (
      <p className="muted small sidebar-empty" role="status" data-testid="search-status">
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> Searching…
          </>
        ) : (
          <>Nothing matches “{search.query}”.</>
        )}
      </p>
    );
  }
  return (
    <section className="search-results" aria-label={`Search results for ${search.query}`} aria-busy={busy}>
      <p className="visually-hidden" role="status">
        {hits.length === 1 ? 'One conversation matches.' : `${hits.length} conversations match.`}
      </p>
      <ul ref={container} className="conversation-list" data-testid="search-results" onKeyDown={onKeyDown}>
        {hits.map((hit, index) => (
          <li key={hit.conversationId} className={`conversation-row${hit.conversationId === activeId ? ' active' : ''}`}>
            <button
              type="button"
              className="conversation-item search-hit"
              data-testid="search-hit"
              data-roving-item
              data-matched-in={hit.matchedIn}
              tabIndex={index === 0 ? 0 : -1}
              aria-current={hit.conversationId === activeId ? 'page' : undefined}
              onClick={() => void openConversation(hit.conversationId)}
            >
              <span className="conversation-title">
                <span className="conversation-title-text">
                  <MatchText text={hit.title.trim() || 'Untitled'} query={search.query} />
                </span>
              </span>
              {projectOf(hit.conversationId) && (
                <span className="conversation-meta muted small" data-testid="search-hit-project">
                  in {projectOf(hit.conversationId)}
                </span>
              )}
              {hit.matchedIn === 'content' && hit.snippet && (
                <span className="search-snippet" data-testid="search-snippet">
                  <MatchText text={hit.snippet} query={search.query} />
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
