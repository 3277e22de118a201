import type { MenuItemConstructorOptions } from 'electron';

/** What the menu's own items do (main wires them to the window and the services). */
export interface MenuActions {
  newChat(): void;
  searchConversations(): void;
  openSettings(): void;
  openWorkflows(): void;
  stopRun(): void;
  chooseWorkspace(): void;
  openModelLibrary(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Reload and developer tools, for `npm run dev` only. */
  developer: boolean;
  actions: MenuActions;
}

/**
 * The application menu. The app's own shortcuts are shown here but not registered with the system
 * (`registerAccelerator: false`): the page handles the keys itself, the same in Electron and in a
 * browser, and a menu click sends the page the same key. Edit keeps the standard roles, which
 * macOS needs for copy and paste to work at all.
 */
export function buildMenuTemplate({ platform, appName, developer, actions }: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const own = (label: string, accelerator: string, click: () => void): MenuItemConstructorOptions => ({
    label,
    accelerator,
    registerAccelerator: false,
    click: () => click(),
  });
  const settings = own('Settings…', 'CmdOrCtrl+,', actions.openSettings);

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            settings,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];

  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      own('New Chat', 'CmdOrCtrl+N', actions.newChat),
      { label: 'Choose Workspace Folder…', click: () => actions.chooseWorkspace() },
      ...(mac ? [] : [{ type: 'separator' } as const, settings]),
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
    ],
  };

  const chat: MenuItemConstructorOptions = {
    label: '&Chat',
    submenu: [
      own('Search Conversations', 'CmdOrCtrl+K', actions.searchConversations),
      own('Run a Workflow…', 'CmdOrCtrl+Shift+W', actions.openWorkflows),
      own('Stop the Answer', 'Escape', actions.stopRun),
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(developer ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[]) : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ label: 'Ollama Model Library', click: () => actions.openModelLibrary() }],
  };

  return [...appMenu, file, { role: 'editMenu' }, chat, view, { role: 'windowMenu' }, help];
}
