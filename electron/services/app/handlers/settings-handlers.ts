import { ContractError } from '../../../../shared/contract-error';
import type { Settings, SettingsPatch } from '../../../../shared/settings';
import type { AppContext } from '../app-context';
import { unknownToolApprovalError } from './tool-approvals-check';
import { checkWorkspacePatch } from './workspace-check';

export function getSettings(ctx: AppContext): Settings {
  return ctx.settings.current();
}

/** settings.set: the patch is already validated; a store that refuses it leaves settings unchanged. */
export async function setSettings(ctx: AppContext, patch: SettingsPatch): Promise<Settings> {
  const unknownTool = unknownToolApprovalError(patch, ctx.tools, ctx.settings.current().toolApprovals);
  if (unknownTool) throw new ContractError('invalid-payload', unknownTool);
  const checked = await checkWorkspacePatch(patch);
  try {
    return await ctx.settings.set(checked);
  } catch (error) {
    if (error instanceof ContractError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContractError('internal', `Settings were not saved: ${reason}. Nothing changed; try again.`);
  }
}
