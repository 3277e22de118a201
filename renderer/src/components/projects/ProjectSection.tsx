import type { CSSProperties, ReactNode } from 'react';
import type { Project } from '../../../../shared/projects/projects';

/** The id of a project's list of rows (its header's toggle controls it). */
export const projectRowsId = (projectId: string): string => `project-rows-${projectId}`;

interface Props {
  project: Project;
  collapsed: boolean;
  /** The header's slot, when it is drawn (ProjectHeader.tsx). */
  header: ReactNode;
  /** The drawn rows' slots (none while the section is folded). */
  children: ReactNode;
  /** Where the list places the section (its box spans its header and rows). */
  style: CSSProperties;
}

/**
 * One project in the sidebar's virtualized list: the section that names it for assistive
 * technology, holding whatever of its header and rows is drawn. The list stays while the project
 * is open, even with no row drawn, so the header's toggle always controls something there.
 */
export function ProjectSection({ project, collapsed, header, children, style }: Props) {
  const { projectId, name } = project;
  return (
    <section
      className="conversation-group project-group"
      aria-label={`Project ${name}`}
      data-testid="project-section"
      data-project-id={projectId}
      style={style}
    >
      {header}
      {!collapsed && (
        <ul id={projectRowsId(projectId)} className="conversation-list" data-testid="project-conversations">
          {children}
        </ul>
      )}
    </section>
  );
}
