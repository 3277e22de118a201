import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, type MenuActions } from './app-menu';
import { checkMenuTemplate } from '../testing/accelerators';

function actions(): MenuActions & Record<string, ReturnType<typeof vi.fn>> {
  return {
    newChat: vi.fn(),
    searchConversations: vi.fn(),
    openSettings: vi.fn(),
    openWorkflows: vi.fn(),
    stopRun: vi.fn(),
    chooseWorkspace: vi.fn(),
    openModelLibrary: vi.fn(),
  };
}

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

const byLabel = (template: MenuItemConstructorOptions[], label: string) => items(template).find((item) => item.label === label);

describe('application menu', () => {
  it('uses only roles and accelerators Electron honours, on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const)
      for (const developer of [true, false])
        expect(() => checkMenuTemplate(buildMenuTemplate({ platform, appName: 'TACO', developer, actions: actions() }))).not.toThrow();
    expect(() => checkMenuTemplate([{ role: 'toggleDevtool' }])).toThrow('Unknown menu role: toggleDevtool');
    expect(() => checkMenuTemplate([{ label: 'x', accelerator: 'CmdOrCtrl+Shift+Wx' }])).toThrow('Invalid accelerator: CmdOrCtrl+Shift+Wx');
  });

  it('shows the app’s shortcuts without taking the keys from the page', () => {
    const act = actions();
    const template = buildMenuTemplate({ platform: 'linux', appName: 'TACO', developer: false, actions: act });
    const shortcuts = {
      'New Chat': 'CmdOrCtrl+N',
      'Search Conversations': 'CmdOrCtrl+K',
      'Run a Workflow…': 'CmdOrCtrl+Shift+W',
      'Settings…': 'CmdOrCtrl+,',
      'Stop the Answer': 'Escape',
    };
    for (const [label, accelerator] of Object.entries(shortcuts)) {
      const item = byLabel(template, label);
      expect(item, label).toMatchObject({ accelerator, registerAccelerator: false });
    }
    byLabel(template, 'New Chat')?.click?.({} as never, undefined, {});
    byLabel(template, 'Choose Workspace Folder…')?.click?.({} as never, undefined, {});
    expect(act.newChat).toHaveBeenCalledTimes(1);
    expect(act.chooseWorkspace).toHaveBeenCalledTimes(1);
    byLabel(template, 'Run a Workflow…')?.click?.({} as never, undefined, {});
    expect(act.openWorkflows).toHaveBeenCalledTimes(1);
    expect(template.map((item) => item.label ?? item.role)).toEqual(['&File', 'editMenu', '&Chat', '&View', 'windowMenu', 'help']);
    expect(items(template).some((item) => item.role === 'toggleDevTools')).toBe(false);
  });

  it('on macOS puts Settings in the app menu, and offers developer tools only in development', () => {
    const template = buildMenuTemplate({ platform: 'darwin', appName: 'TACO', developer: true, actions: actions() });
    expect(template[0]?.label).toBe('TACO');
    const appItems = Array.isArray(template[0]?.submenu) ? template[0].submenu : [];
    expect(appItems.some((item) => item.label === 'Settings…')).toBe(true);
    const file = template.find((item) => item.label === '&File');
    expect(Array.isArray(file?.submenu) && file.submenu.some((item) => item.label === 'Settings…')).toBe(false);
    expect(items(template).some((item) => item.role === 'toggleDevTools')).toBe(true);
  });
});
