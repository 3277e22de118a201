import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { SettingsPatch } from '../../../../shared/settings/settings';

/** "~/projects" → the home folder's projects; anything else as typed. */
function expandHome(path: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(homedir(), path.slice(2));
  return path;
}

/**
 * A workspace in a settings patch must be an existing folder, named by its full path. Returns the
 * patch with the folder's absolute path; throws words (and nothing is saved) otherwise.
 */
export async function checkWorkspacePatch(patch: SettingsPatch): Promise<SettingsPatch> {
  if (typeof patch.workspace !== 'string') return patch;
  const typed = patch.workspace;
  const expanded = expandHome(typed);
  if (!isAbsolute(expanded)) {
    throw new ContractError(
      'invalid-payload',
      `The workspace folder must be a full path, like /home/you/projects or C:\\Users\\you\\projects — “${typed}” is not. Nothing was saved.`,
    );
  }
  const path = resolve(expanded);
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch {
    throw new ContractError(
      'invalid-payload',
      `The workspace folder “${typed}” does not exist. Create it or pick another folder; nothing was saved.`,
    );
  }
  if (!isFolder)
    throw new ContractError(
      'invalid-payload',
      `“${typed}” is a file, not a folder. Pick the folder the model may work in; nothing was saved.`,
    );
  return { ...patch, workspace: path };
}
