import { ContractError } from '../../../shared/contract/contract-error';
import type { ValidCallRequest } from '../../../shared/contract/contract';
import type { ConversationSummary } from '../../../shared/conversations/conversation';
import type { Project, ProjectFields } from '../../../shared/projects/projects';
import type { AppContext } from '../app/app-context';
import { emitSummary } from '../app/events/conversation-updates';
import { checkWorkspacePatch } from '../app/handlers/workspace-check';

/**
 * The project calls. Main checks what a project names before it is saved (the workspace is an
 * existing folder given by its full path, as in Settings; the preset exists); removing a project
 * first moves its conversations out of it, so nothing is lost.
 */
export function createProjectHandlers(ctx: AppContext) {
  return {
    'projects.list': (): Promise<Project[]> => ctx.projects.list(),
    'projects.create': async (request: ValidCallRequest<'projects.create'>): Promise<Project> =>
      ctx.projects.create(await checkedFields(ctx, request)),
    'projects.update': async (request: ValidCallRequest<'projects.update'>): Promise<Project> =>
      ctx.projects.update(request.projectId, await checkedFields(ctx, request.changes)),
    'projects.remove': async (request: ValidCallRequest<'projects.remove'>): Promise<{ removed: boolean; moved: number }> => {
      const inside = (await ctx.storage.conversations.list()).filter((summary) => summary.projectId === request.projectId);
      // Out of the project first: should the removal fail, every conversation is still listed.
      for (const summary of inside) emitSummary(ctx, await ctx.storage.conversations.update(summary.conversationId, { projectId: null }));
      return { removed: await ctx.projects.remove(request.projectId), moved: inside.length };
    },
    'conversation.moveToProject': (request: ValidCallRequest<'conversation.moveToProject'>): Promise<ConversationSummary> =>
      moveToProject(ctx, request.conversationId, request.projectId),
  };
}

/** A move is a meta record in the conversation's timeline (append-only), like a rename or a pin. */
export async function moveToProject(ctx: AppContext, conversationId: string, projectId: string | null): Promise<ConversationSummary> {
  if (projectId !== null) await existingProject(ctx, projectId);
  return emitSummary(ctx, await ctx.storage.conversations.update(conversationId, { projectId }));
}

export async function existingProject(ctx: AppContext, projectId: string): Promise<Project> {
  await ctx.projects.list(); // an unreadable projects file says so here
  const project = await ctx.projects.find(projectId);
  if (!project) throw new ContractError('not-found', `There is no project with id ${projectId}. It may have been removed; pick another.`);
  return project;
}

async function checkedFields<T extends Partial<ProjectFields>>(ctx: AppContext, fields: T): Promise<T> {
  if (fields.presetId && !(await ctx.presets.get(fields.presetId)))
    throw new ContractError('invalid-payload', `There is no system prompt “${fields.presetId}” in the library; nothing was saved.`);
  if (typeof fields.workspace !== 'string') return fields;
  const checked = await checkWorkspacePatch({ workspace: fields.workspace });
  return { ...fields, workspace: checked.workspace ?? null };
}
