import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { useTaco } from '../../store/store-context';
import { MenuItem, MenuSub } from '../ui/Menu';

/** "Move to project ▸" in a conversation's menu (the keyboard way to what dragging a row does); shown once a project exists. */
export function MoveToProjectMenu({ summary }: { summary: ConversationSummary }) {
  const projects = useTaco((state) => state.projects);
  const move = useTaco((state) => state.moveToProject);
  if (projects.length === 0) return null;
  const current = summary.projectId ?? null;
  const targets = [{ projectId: null, name: 'No project' }, ...projects];
  return (
    <MenuSub label="Move to project" testId="menu-move-to-project" contentTestId="move-to-project-menu">
      {targets.map((target) => (
        <MenuItem
          key={target.projectId ?? 'none'}
          testId={`move-to-${target.projectId ?? 'none'}`}
          disabled={target.projectId === current}
          onSelect={() => void move(summary.conversationId, target.projectId)}
        >
          {target.projectId === current ? `${target.name} (here)` : target.name}
        </MenuItem>
      ))}
    </MenuSub>
  );
}
