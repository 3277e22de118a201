import type { ValidCallRequest } from '../../../shared/contract/contract';
import type { KnowledgeFolderView } from '../../../shared/knowledge/knowledge-folders';
import type { AppContext } from '../app/app-context';
import { existingProject } from '../projects/project-handlers';
import type { KnowledgeFolders } from './knowledge-folders';

/**
 * The calls of Settings → Knowledge. The contract has checked the shapes (a full path, a project
 * id); here a project named must exist, and the folder must be one TACO may read (not its data
 * folder, not a private place under HOME: knowledge-walk.ts), said in words when refused.
 */
export function createKnowledgeHandlers(ctx: AppContext, folders: KnowledgeFolders) {
  return {
    'knowledge.list': (): { folders: KnowledgeFolderView[]; problem: string | null } => ({
      folders: folders.list(),
      problem: folders.problem(),
    }),
    'knowledge.add': async (request: ValidCallRequest<'knowledge.add'>): Promise<KnowledgeFolderView> => {
      if (request.projectId !== null) await existingProject(ctx, request.projectId);
      return folders.add(request.folder, request.projectId);
    },
    'knowledge.remove': async (request: ValidCallRequest<'knowledge.remove'>): Promise<{ removed: boolean }> => ({
      removed: await folders.remove(request.folder),
    }),
    'knowledge.reindex': (request: ValidCallRequest<'knowledge.reindex'>): Promise<KnowledgeFolderView> => folders.reindex(request.folder),
  };
}
