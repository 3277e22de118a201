import { useMemo, useRef, useState } from 'react';
import { rovingItems, useRovingFocus } from '../../hooks/use-roving-focus';
import { useTaco } from '../../store/store-context';
import { ConversationRow } from './ConversationRow';
import { projectGroups } from '../projects/project-groups';
import { ProjectSection } from '../projects/ProjectSection';
import { useConversationDrop } from '../projects/use-conversation-drop';

/**
 * The conversations: pinned first (from every project), then each project's section, then those in
 * no project. One Tab stop for the rows, arrows move between them, Home and End jump.
 */
export function ConversationList() {
  const conversations = useTaco((state) => state.conversations);
  const projects = useTaco((state) => state.projects);
  const looseDrop = useConversationDrop(null);
  const collapsed = useTaco((state) => state.collapsedProjects);
  const pendingDeletes = useTaco((state) => state.pendingDeletes);
  const deletedIds = useTaco((state) => state.deletedIds);
  const activeId = useTaco((state) => state.activeConversationId);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const onKeyDown = useRovingFocus(container);

  const groups = useMemo(
    () =>
      projectGroups(conversations, projects, new Set([...pendingDeletes.map((entry) => entry.conversationId), ...Object.keys(deletedIds)])),
    [conversations, projects, pendingDeletes, deletedIds],
  );
  const hidden = (id: string) => Boolean(deletedIds[id]) || pendingDeletes.some((entry) => entry.conversationId === id);
  // Rows of a folded project are not shown, so the one Tab stop never lands on them.
  const shownInProjects = groups.projects.filter((group) => !collapsed[group.project.projectId]).flatMap((group) => group.rows);
  const rows = [...groups.pinned, ...shownInProjects, ...groups.loose];
  const ids = rows.map((row) => row.conversationId);
  const tabStop = [focusedId, activeId].find((id) => id !== null && ids.includes(id)) ?? ids[0] ?? null;

  /** Focus leaves a row that is about to go: to the next row, else the previous one. */
  const onBeforeDelete = (conversationId: string) => {
    const items = rovingItems(container.current);
    const index = items.findIndex(
      (item) => item.closest('[data-conversation-id]')?.getAttribute('data-conversation-id') === conversationId,
    );
    const neighbour = items[index + 1] ?? items[index - 1];
    const neighbourId = neighbour?.closest('[data-conversation-id]')?.getAttribute('data-conversation-id') ?? null;
    if (document.activeElement && container.current?.contains(document.activeElement)) neighbour?.focus();
    setFocusedId(neighbourId);
  };

  if (rows.length === 0 && projects.length === 0) {
    return (
      <p className="muted small sidebar-empty">
        {pendingDeletes.length === 0 ? 'No conversations yet. Your chats appear here.' : 'No other conversations.'}
      </p>
    );
  }

  const renderRows = (list: typeof rows) =>
    list.map((summary) => (
      <ConversationRow
        key={summary.conversationId}
        summary={summary}
        active={summary.conversationId === activeId}
        tabbable={summary.conversationId === tabStop}
        onFocusRow={setFocusedId}
        onBeforeDelete={onBeforeDelete}
      />
    ));
  const hasProjects = projects.length > 0;
  const showLabels = groups.pinned.length > 0 || hasProjects;
  const renderGroup = (label: string, list: typeof rows, testId: string, dropTarget: boolean) =>
    (list.length > 0 || dropTarget) && (
      <section className="conversation-group" aria-label={label}>
        {showLabels && (
          <h2
            className={`conversation-group-label${dropTarget ? ' drop-zone' : ''}${dropTarget && looseDrop.over ? ' drop-target' : ''}`}
            data-testid={`${testId}-label`}
            aria-hidden="true"
            {...(dropTarget ? looseDrop.props : {})}
          >
            {label}
          </h2>
        )}
        <ul className="conversation-list" data-testid={testId}>
          {renderRows(list)}
        </ul>
      </section>
    );

  return (
    <div ref={container} className="conversation-groups" data-testid="conversation-list" onKeyDown={onKeyDown}>
      {renderGroup('Pinned', groups.pinned, 'pinned-conversations', false)}
      {groups.projects.map(({ project, rows: projectRows }) => (
        <ProjectSection
          key={project.projectId}
          project={project}
          count={conversations.filter((entry) => entry.projectId === project.projectId && !hidden(entry.conversationId)).length}
        >
          {renderRows(projectRows)}
        </ProjectSection>
      ))}
      {renderGroup(hasProjects ? 'No project' : 'Recent', groups.loose, 'recent-conversations', hasProjects)}
    </div>
  );
}
