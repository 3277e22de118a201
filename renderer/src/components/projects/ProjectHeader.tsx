import { useState } from 'react';
import type { Project } from '../../../../shared/projects/projects';
import { useTaco } from '../../store/store-context';
import { MoreIcon, PlusIcon } from '../Icons';
import { AlertDialog } from '../ui/AlertDialog';
import { Menu, MenuItem } from '../ui/Menu';
import { projectRowsId } from './ProjectSection';
import { useConversationDrop } from './use-conversation-drop';

interface Props {
  project: Project;
  count: number;
  collapsed: boolean;
}

/**
 * A project's header in the sidebar: folds the section, starts a new chat in the project, opens
 * its settings or removes it (its conversations move to "No project"), and takes a dropped
 * conversation row.
 */
export function ProjectHeader({ project, count, collapsed }: Props) {
  const { projectId, name } = project;
  const toggle = useTaco((state) => state.toggleProjectCollapsed);
  const newChat = useTaco((state) => state.newChatInProject);
  const openDialog = useTaco((state) => state.setProjectDialog);
  const remove = useTaco((state) => state.removeProject);
  const drafting = useTaco((state) => state.activeConversationId === null && state.draftProjectId === projectId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const drop = useConversationDrop(projectId);

  const confirmRemove = async () => {
    const result = await remove(projectId);
    if (result.ok) setConfirming(false);
    else setError(result.message);
  };

  return (
    <div className={`project-header${drop.over ? ' drop-target' : ''}`} data-testid="project-header" {...drop.props}>
      <button
        type="button"
        className="project-toggle"
        data-testid="project-toggle"
        aria-expanded={!collapsed}
        aria-controls={projectRowsId(projectId)}
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
    </div>
  );
}
