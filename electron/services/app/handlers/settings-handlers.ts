import { ContractError } from '../../../../shared/contract/contract-error';
import { maskServers, unmaskServers } from '../../../../shared/models/servers';
import { realpathSync } from 'node:fs';
import { maskWebSearch, unmaskWebSearch } from '../../../../shared/settings/web-search';
import type { Settings, SettingsPatch, SettingsView } from '../../../../shared/settings/settings';
import { dataFoldersInside } from '../../../../tools/files/guards/data-folder-guard';
import type { AppContext } from '../app-context';
import { unknownToolApprovalError } from './tool-approvals-check';
import { checkWorkspacePatch } from './workspace-check';

/**
 * Settings as the renderer sees them: header values of model servers and the web search key masked
 * (never sent after saving), and a notice when the workspace contains the data folder (file tools
 * refuse it anyway).
 */
export function viewSettings(settings: Settings): SettingsView {
  const withServers = settings.servers === undefined ? settings : { ...settings, servers: maskServers(settings.servers) };
  const masked = settings.webSearch === undefined ? withServers : { ...withServers, webSearch: maskWebSearch(settings.webSearch) };
  const notice = workspaceNotice(settings.workspace);
  return notice === null ? masked : { ...masked, workspaceNotice: notice };
}

function workspaceNotice(workspace: string | null): string | null {
  if (workspace === null) return null;
  let real: string;
  try {
    real = realpathSync(workspace);
  } catch {
    return null;
  }
  const inside = dataFoldersInside(real);
  if (inside.length === 0) return null;
  return `This folder contains TACO's own data folder (${inside[0]}), with your server keys and MCP settings. File tools never read or write it, but the shell tool could: pick a narrower project folder if you can.`;
}

export function getSettings(ctx: AppContext): SettingsView {
  return withSandboxStatus(ctx, viewSettings(ctx.settings.current()));
}

/**
 * Where no sandbox works on this system, main's words for it (the card's "Runs with your full
 * rights — no sandbox on this system (reason)"): Settings then offers no "run without asking".
 * Asking is the sandbox's first question (its one probe), made when Settings is first read, not at start.
 */
function withSandboxStatus(ctx: AppContext, view: SettingsView): SettingsView {
  if (ctx.commandSandbox.available) return view;
  const workspace = ctx.settings.current().workspace ?? process.cwd();
  return { ...view, commandSandboxMissing: ctx.commandSandbox.describe({ workspace, hosts: [], scratch: true }).text };
}

/** settings.set: the patch is already validated; a store that refuses it leaves settings unchanged. */
export async function setSettings(ctx: AppContext, patch: SettingsPatch): Promise<SettingsView> {
  const unknownTool = unknownToolApprovalError(patch, ctx.tools, ctx.settings.current().toolApprovals);
  if (unknownTool) throw new ContractError('invalid-payload', unknownTool);
  const checked = await checkWorkspacePatch(patch);
  // A masked header value sent back from the form keeps the stored one.
  if (checked.servers !== undefined) checked.servers = unmaskServers(checked.servers, ctx.settings.current().servers ?? []);
  if (checked.webSearch !== undefined) checked.webSearch = unmaskWebSearch(checked.webSearch, ctx.settings.current().webSearch);
  try {
    return withSandboxStatus(ctx, viewSettings(await ctx.settings.set(checked)));
  } catch (error) {
    if (error instanceof ContractError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContractError('internal', `Settings were not saved: ${reason}. Nothing changed; try again.`);
  }
}
