import type { ModelEvent } from '../../../../shared/contract/events';
import type { Project, ProjectFields } from '../../../../shared/projects/projects';
import type { SliceCreator } from '../store-types';
import type { ActionResult } from './conversation-management-slice';
import { describeCallFailure } from '../../transport/taco-call-error';

/** Which project dialog is open: a new project, or one project's settings. */
export type ProjectDialogState = { type: 'closed' } | { type: 'create' } | { type: 'edit'; projectId: string };

/**
 * Projects as the window sees them: main owns them (`projects.*` calls, `projects-changed`
 * events); this keeps the list, which sections are folded, and the project a new chat starts in.
 */
export interface ProjectsSlice {
  projects: Project[];
  /** The project the new chat (not sent yet) starts in; null: no project. */
  draftProjectId: string | null;
  /** Project sections the user folded in the sidebar (this window only). */
  collapsedProjects: Record<string, true>;
  projectDialog: ProjectDialogState;
  loadProjects(): Promise<void>;
  /** One `model-events` batch: a `projects-changed` replaces the list. */
  applyProjectEvents(events: readonly ModelEvent[]): void;
  setProjectDialog(dialog: ProjectDialogState): void;
  toggleProjectCollapsed(projectId: string): void;
  createProject(fields: ProjectFields): Promise<ActionResult>;
  updateProject(projectId: string, changes: Partial<ProjectFields>): Promise<ActionResult>;
  /** Its conversations move to no project (main does it first); resolves with how many moved. */
  removeProject(projectId: string): Promise<ActionResult>;
  moveToProject(conversationId: string, projectId: string | null): Promise<void>;
  /** A new chat that will start in the project, with its default model picked. */
  newChatInProject(projectId: string): void;
}

export const createProjectsSlice: SliceCreator<ProjectsSlice> = (set, get, { api }) => {
  const failed = (error: unknown): ActionResult => ({ ok: false, message: describeCallFailure(error) });
  return {
    projects: [],
    draftProjectId: null,
    collapsedProjects: {},
    projectDialog: { type: 'closed' },

    async loadProjects() {
      try {
        set({ projects: await api.call('projects.list', {}) });
      } catch (error) {
        get().reportError(error);
      }
    },

    applyProjectEvents(events) {
      for (const event of events) if (event.type === 'projects-changed') set({ projects: event.projects });
    },

    setProjectDialog(projectDialog) {
      set({ projectDialog });
    },

    toggleProjectCollapsed(projectId) {
      set((state) => {
        const { [projectId]: folded, ...rest } = state.collapsedProjects;
        return { collapsedProjects: folded ? rest : { ...rest, [projectId]: true } };
      });
    },

    async createProject(fields) {
      try {
        const project = await api.call('projects.create', fields);
        set((state) => ({
          projects: state.projects.some((p) => p.projectId === project.projectId) ? state.projects : [...state.projects, project],
        }));
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    async updateProject(projectId, changes) {
      try {
        const project = await api.call('projects.update', { projectId, changes });
        set((state) => ({ projects: state.projects.map((entry) => (entry.projectId === projectId ? project : entry)) }));
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    async removeProject(projectId) {
      try {
        await api.call('projects.remove', { projectId });
        set((state) => ({
          projects: state.projects.filter((entry) => entry.projectId !== projectId),
          draftProjectId: state.draftProjectId === projectId ? null : state.draftProjectId,
        }));
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    async moveToProject(conversationId, projectId) {
      const current = get().conversations.find((entry) => entry.conversationId === conversationId);
      if (current && (current.projectId ?? null) === projectId) return;
      try {
        // The conversation-updated event that follows updates the list; this answer does it at once.
        const summary = await api.call('conversation.moveToProject', { conversationId, projectId });
        set((state) => ({
          conversations: state.conversations.map((entry) => (entry.conversationId === conversationId ? summary : entry)),
        }));
      } catch (error) {
        get().reportError(error);
      }
    },

    newChatInProject(projectId) {
      get().newConversation();
      const project = get().projects.find((entry) => entry.projectId === projectId);
      set({ draftProjectId: projectId, ...(project?.defaultModel ? { selectedModel: project.defaultModel } : {}) });
    },
  };
};

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends ProjectsSlice {}
}
