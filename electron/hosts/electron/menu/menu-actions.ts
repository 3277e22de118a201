import type { BrowserWindow, Dialog } from 'electron';
import type { AppServices } from '../../../services/app/app-services-types';
import type { MenuActions } from './app-menu';

/** Where the Help menu's model library points (opened through the one external-link guard). */
export const MODEL_LIBRARY_URL = 'https://ollama.com/library';

export interface MenuActionDeps {
  platform: NodeJS.Platform;
  window(): Pick<BrowserWindow, 'isDestroyed' | 'webContents'> | null;
  services: Pick<AppServices, 'handle'>;
  dialog: Pick<Dialog, 'showOpenDialog' | 'showMessageBox'>;
  openExternal(url: string): Promise<void>;
}

type Modifier = 'control' | 'meta' | 'shift';

/**
 * The menu's items: the app's shortcuts are sent to the page as the very keys (so the page has
 * one place that handles them); the workspace folder is picked with the system dialog and saved
 * through the services (validated like any other settings.set).
 */
export function createMenuActions(deps: MenuActionDeps): MenuActions {
  const mod: Modifier[] = deps.platform === 'darwin' ? ['meta'] : ['control'];
  const press = (keyCode: string, modifiers: Modifier[]): void => {
    const window = deps.window();
    if (!window || window.isDestroyed()) return;
    window.webContents.sendInputEvent({ type: 'keyDown', keyCode, modifiers });
    window.webContents.sendInputEvent({ type: 'keyUp', keyCode, modifiers });
  };

  return {
    newChat: () => press('N', mod),
    searchConversations: () => press('K', mod),
    openSettings: () => press(',', mod),
    openWorkflows: () => press('W', [...mod, 'shift']),
    stopRun: () => press('Escape', []),
    openModelLibrary: () => void deps.openExternal(MODEL_LIBRARY_URL).catch(() => undefined),
    chooseWorkspace: () => void chooseWorkspace(deps),
  };
}

async function chooseWorkspace(deps: MenuActionDeps): Promise<void> {
  const window = deps.window();
  const options = {
    title: 'Choose the workspace folder',
    buttonLabel: 'Use This Folder',
    properties: ['openDirectory', 'createDirectory'] as Array<'openDirectory' | 'createDirectory'>,
  };
  const picked =
    window && !window.isDestroyed()
      ? await deps.dialog.showOpenDialog(window as BrowserWindow, options)
      : await deps.dialog.showOpenDialog(options);
  const folder = picked.canceled ? undefined : picked.filePaths[0];
  if (!folder) return;
  const answer = await deps.services.handle('settings.set', { workspace: folder });
  const message = answer.ok
    ? { type: 'info' as const, message: 'Workspace folder set', detail: `File and shell tools now work in ${folder}.` }
    : { type: 'warning' as const, message: 'The workspace folder was not changed', detail: answer.error.message };
  await deps.dialog.showMessageBox({ ...message, buttons: ['OK'] });
}
