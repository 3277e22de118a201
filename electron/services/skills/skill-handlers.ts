import type { ValidCallRequest } from '../../../shared/contract/contract';
import { ContractError } from '../../../shared/contract/contract-error';
import { isAbsolute, resolve } from 'node:path';
import type { SkillInstallFrom, SkillInstallPreview, SkillListing } from '../../../shared/skills/skills';
import type { AppContext } from '../app/app-context';
import { resolveWorkspace } from '../app/runs/run-launcher';
import { projectRunSettings } from '../projects/project-run-settings';
import { sandboxedCloner } from './skill-git';
import { createSkillInstaller } from './skill-installer';
import { listSkills } from './skill-library';
import { skillSources } from './skill-sources';

/**
 * The skills calls: the listing a conversation (in a project or none) would see, and install
 * in two steps, a preview that stages and lists the files, then install of exactly those.
 */
export function createSkillHandlers(ctx: AppContext) {
  const installer = createSkillInstaller({ dataDir: ctx.options.dataDir, clone: sandboxedCloner(ctx.commandSandbox) });
  const failed = (error: unknown): never => {
    throw new ContractError('invalid-payload', error instanceof Error ? error.message : String(error));
  };
  return {
    'skills.list': async (request: ValidCallRequest<'skills.list'>): Promise<SkillListing> => {
      const settings = ctx.settings.current();
      const projectId = request.projectId ?? null;
      const fromProject = await projectRunSettings(ctx.projects, projectId ? { projectId } : null, settings);
      return listSkills(
        skillSources({
          dataDir: ctx.options.dataDir,
          projectId,
          workspace: await resolveWorkspace(fromProject.workspace),
          readOtherAgents: settings.readOtherAgentsSkills === true,
        }),
      );
    },
    'skills.preview': async (request: ValidCallRequest<'skills.preview'>): Promise<SkillInstallPreview> => {
      const from = onDisk(request.from, ctx.settings.current().workspace);
      if ('reason' in from) return { ok: false, reason: from.reason };
      return installer.preview(from, request.target).catch(failed);
    },
    'skills.install': (request: ValidCallRequest<'skills.install'>): Promise<{ name: string; folder: string }> =>
      installer.install(request.previewId).catch(failed),
    'skills.cancelPreview': async (request: ValidCallRequest<'skills.cancelPreview'>): Promise<{ cancelled: true }> => {
      await installer.cancel(request.previewId);
      return { cancelled: true };
    },
    'skills.remove': async (request: ValidCallRequest<'skills.remove'>): Promise<{ removed: true }> => {
      await installer.remove(request.folder).catch(failed);
      return { removed: true };
    },
  };
}

/**
 * A folder or zip path as main reads it: an absolute path as typed, a relative one (the folder
 * browser's) inside the workspace, as the browser listed it; without a workspace, a relative path is refused.
 */
export function onDisk(from: SkillInstallFrom, workspace: string | null): SkillInstallFrom | { reason: string } {
  if (from.kind !== 'folder' && from.kind !== 'zip') return from;
  if (isAbsolute(from.path)) return from;
  if (!workspace) return { reason: `“${from.path}” is not a full path, and no workspace is set: give the full path.` };
  return { ...from, path: resolve(workspace, from.path) };
}
