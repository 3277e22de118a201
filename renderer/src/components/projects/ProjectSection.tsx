import { useState, type ReactNode } from 'react';
import type { Project } from '../../../../shared/projects/projects';
import { useTaco } from '../../store/store-context';
import { MoreIcon, PlusIcon } from '../Icons';
import { AlertDialog } from '../ui/AlertDialog';
import { Menu, MenuItem } from '../ui/Menu';
import { useConversationDrop } from './use-conversation-drop';

interface Props {
  project: Project;
  count: number;
  /** The project's rows (left out while the section is folded). */
  children: ReactNode;
}

/**
 * One project in the sidebar: a header that folds the section, starts a new chat in the project,
 * opens its settings or removes it (its conversations move to "No project"), and takes a dropped
 * conversation row.
 */
export function ProjectSection({ project, count, children }: Props) {
  const { projectId, name } = project;
  const collapsed = useTaco((state) => Boolean(state.collapsedProjects[projectId]));
  const toggle = useTaco((state) => state.toggleProjectCollapsed);
  const newChat = useTaco((state) => state.newChatInProject);
  const openDialog = useTaco((state) => state.setProjectDialog);
  const remove = useTaco((state) => state.removeProject);
  const drafting = useTaco((state) => state.activeConversationId === null && state.draftProjectId === projectId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const drop = useConversationDrop(projectId);
  const listId = `project-rows-${projectId}`;

  const confirmRemove = async () => {
    const result = await remove(projectId);
    if (result.ok) setConfirming(false);
    else setError(result.message);
  };

  return (
    <section
      className="conversation-group project-group"
      aria-label={`Project ${name}`}
      data-testid="project-section"
      data-project-id={projectId}
    >
      <div className={`project-header${drop.over ? ' drop-target' : ''}`} data-testid="project-header" {...drop.props}>
        <button
          type="button"
          className="project-toggle"
          data-testid="project-toggle"
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => toggle(projectId)}
        >
          <span className="project-caret" aria-hidden="true">
            {collapsed ? '▸' : '▾'}
          </span>
          <span className="project-name">{name}</span>
          <span className="project-count muted small">
            {count}
            <span className="visually-hidden"> {count === 1 ? 'conversation' : 'conversations'}</span>
          </span>
        </button>
        <button
          type="button"
          className={`icon-button project-new-chat${drafting ? ' active' : ''}`}
          data-testid="project-new-chat"
          aria-label={`New chat in ${name}`}
          aria-pressed={drafting}
          onClick={() => newChat(projectId)}
        >
          <PlusIcon />
        </button>
        <Menu
          testId="project-menu"
          trigger={
            <button type="button" className="icon-button" data-testid="project-menu-button" aria-label={`Actions for project “${name}”`}>
              <MoreIcon />
            </button>
          }
        >
          <MenuItem testId="project-menu-settings" onSelect={() => openDialog({ type: 'edit', projectId })}>
            Project settings…
          </MenuItem>
          <MenuItem testId="project-menu-remove" tone="danger" onSelect={() => setConfirming(true)}>
            Remove project…
          </MenuItem>
        </Menu>
      </div>
      {!collapsed && (
        <ul id={listId} className="conversation-list" data-testid="project-conversations">
          {children}
        </ul>
      )}
      <AlertDialog
        open={confirming}
        title={`Remove the project “${name}”?`}
        description={
          count === 0
            ? 'The project has no conversations. Its settings go; nothing else changes.'
            : `Its ${count === 1 ? 'conversation moves' : `${count} conversations move`} to No project; nothing is deleted. The project's settings go.`
        }
        confirmLabel="Remove project"
        tone="danger"
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          setConfirming(false);
          setError(null);
        }}
        testId="remove-project"
      >
        {error && (
          <p className="field-error small" role="alert">
            {error}
          </p>
        )}
      </AlertDialog>
    </section>
  );
}
