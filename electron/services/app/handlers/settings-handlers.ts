import { ContractError } from '../../../../shared/contract-error';
import { maskServers, unmaskServers } from '../../../../shared/servers';
import { maskWebSearch, unmaskWebSearch } from '../../../../shared/web-search';
import type { Settings, SettingsPatch } from '../../../../shared/settings';
import type { AppContext } from '../app-context';
import { unknownToolApprovalError } from './tool-approvals-check';
import { checkWorkspacePatch } from './workspace-check';

/** Settings as the renderer sees them: header values of model servers masked (never sent after saving). */
export function viewSettings(settings: Settings): Settings {
  const withServers = settings.servers === undefined ? settings : { ...settings, servers: maskServers(settings.servers) };
  return settings.webSearch === undefined ? withServers : { ...withServers, webSearch: maskWebSearch(settings.webSearch) };
}

export function getSettings(ctx: AppContext): Settings {
  return viewSettings(ctx.settings.current());
}

/** settings.set: the patch is already validated; a store that refuses it leaves settings unchanged. */
export async function setSettings(ctx: AppContext, patch: SettingsPatch): Promise<Settings> {
  const unknownTool = unknownToolApprovalError(patch, ctx.tools, ctx.settings.current().toolApprovals);
  if (unknownTool) throw new ContractError('invalid-payload', unknownTool);
  const checked = await checkWorkspacePatch(patch);
  // A masked header value sent back from the form keeps the stored one.
  if (checked.servers !== undefined) checked.servers = unmaskServers(checked.servers, ctx.settings.current().servers ?? []);
  if (checked.webSearch !== undefined) checked.webSearch = unmaskWebSearch(checked.webSearch, ctx.settings.current().webSearch);
  try {
    return viewSettings(await ctx.settings.set(checked));
  } catch (error) {
    if (error instanceof ContractError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContractError('internal', `Settings were not saved: ${reason}. Nothing changed; try again.`);
  }
}
