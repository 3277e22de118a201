import type { ConversationSummary } from '../../../shared/conversations/conversation';
import type { Project } from '../../../shared/projects/projects';
import type { Limits, Settings } from '../../../shared/settings/settings';
import type { ProjectStore } from './project-store';

/** What a run of a conversation takes from its project: the workspace and the tool limits, over Settings. */
export interface ProjectRunSettings {
  project: Project | null;
  /** The workspace as configured (the project's, else Settings'); null: none. */
  workspace: string | null;
  limits: Limits;
  /** Where the user changes that workspace, for the words of a missing folder. */
  workspaceSource: 'Settings' | 'the project settings';
}

/**
 * The one place a conversation's project changes its runs: the project's workspace replaces
 * Settings' (file tools stay inside it and out of the data folder, as for any workspace), and each
 * tool limit the project sets replaces Settings' one. A project that is gone (or an unreadable
 * projects file) changes nothing.
 */
export async function projectRunSettings(
  projects: Pick<ProjectStore, 'find'>,
  summary: Pick<ConversationSummary, 'projectId'> | null,
  settings: Pick<Settings, 'workspace' | 'limits'>,
): Promise<ProjectRunSettings> {
  const project = summary?.projectId ? await projects.find(summary.projectId) : null;
  if (!project) return { project: null, workspace: settings.workspace, limits: settings.limits, workspaceSource: 'Settings' };
  const own = Object.fromEntries(Object.entries(project.toolLimits).filter(([, value]) => value !== undefined)) as Partial<Limits>;
  return {
    project,
    workspace: project.workspace ?? settings.workspace,
    limits: { ...settings.limits, ...own },
    workspaceSource: project.workspace ? 'the project settings' : 'Settings',
  };
}

/** The project's own instructions for the run's system prompt; nothing when it has none. */
export function projectInstructionsOf(project: Pick<Project, 'name' | 'instructions'> | null): {
  projectInstructions?: { project: string; text: string };
} {
  const text = project?.instructions.trim();
  return project && text ? { projectInstructions: { project: project.name, text } } : {};
}
