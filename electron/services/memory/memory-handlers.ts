import type { ValidCallRequest } from '../../../shared/contract/contract';
import type { Memory, MemoryListResult } from '../../../shared/memory/memory';
import type { AppContext } from '../app/app-context';
import { existingProject } from '../projects/project-handlers';

/**
 * The memory calls of Settings → Memory. The contract has validated every field (zod); a project
 * named as a filter or a scope must exist, so a note is never filed under a project that is not
 * there (it would reach no conversation) and a list never answers for an unknown one.
 */
export function createMemoryHandlers(ctx: AppContext) {
  const checkScope = async (projectId: string | null | undefined): Promise<void> => {
    if (typeof projectId === 'string') await existingProject(ctx, projectId);
  };
  return {
    'memory.list': async (request: ValidCallRequest<'memory.list'>): Promise<MemoryListResult> => {
      if (request.filter.type === 'project') await checkScope(request.filter.projectId);
      return ctx.memory.list(request.filter);
    },
    'memory.add': async (request: ValidCallRequest<'memory.add'>): Promise<Memory> => {
      await checkScope(request.projectId);
      return ctx.memory.add({ text: request.text, projectId: request.projectId });
    },
    'memory.update': async (request: ValidCallRequest<'memory.update'>): Promise<Memory> => {
      await checkScope(request.changes.projectId);
      return ctx.memory.update(request.memoryId, request.changes);
    },
    'memory.remove': async (request: ValidCallRequest<'memory.remove'>): Promise<{ removed: boolean }> => ({
      removed: await ctx.memory.remove(request.memoryId),
    }),
  };
}
