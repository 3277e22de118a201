import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { Project } from '../../../../shared/projects/projects';

export interface ProjectGroup {
  project: Project;
  rows: ConversationSummary[];
}

export interface ProjectGroups {
  /** Pinned conversations of every project, on top. */
  pinned: ConversationSummary[];
  /** Each project with its conversations that are not pinned, in the projects' order. */
  projects: ProjectGroup[];
  /** Not pinned and in no project (or in a project that is gone). */
  loose: ConversationSummary[];
}

/** The sidebar's sections: pinned across projects first, then each project, then the rest; each newest first. */
export function projectGroups(
  conversations: readonly ConversationSummary[],
  projects: readonly Project[],
  hidden: ReadonlySet<string>,
): ProjectGroups {
  const visible = conversations.filter((entry) => !hidden.has(entry.conversationId)).sort((a, b) => b.updatedAt - a.updatedAt);
  const known = new Set(projects.map((project) => project.projectId));
  const unpinned = visible.filter((entry) => !entry.pinned);
  return {
    pinned: visible.filter((entry) => entry.pinned),
    projects: projects.map((project) => ({ project, rows: unpinned.filter((entry) => entry.projectId === project.projectId) })),
    loose: unpinned.filter((entry) => !entry.projectId || !known.has(entry.projectId)),
  };
}
