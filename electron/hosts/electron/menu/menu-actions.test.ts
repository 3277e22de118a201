import { describe, expect, it, vi } from 'vitest';
import { createMenuActions, MODEL_LIBRARY_URL, type MenuActionDeps } from './menu-actions';

function deps(overrides: Partial<MenuActionDeps> = {}) {
  const sendInputEvent = vi.fn();
  const handle = vi.fn(async () => ({ ok: true as const, value: {} }));
  const dialog = {
    showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePaths: ['/home/me/project'] })),
    showMessageBox: vi.fn(async (_options: unknown) => ({ response: 0, checkboxChecked: false })),
  };
  const openExternal = vi.fn(async () => undefined);
  const all: MenuActionDeps = {
    platform: 'linux',
    window: () => ({ isDestroyed: () => false, webContents: { sendInputEvent } }) as unknown as ReturnType<MenuActionDeps['window']>,
    services: { handle },
    dialog: dialog,
    openExternal,
    ...overrides,
  };
  return { all, sendInputEvent, handle, dialog, openExternal };
}

describe('menu actions', () => {
  it('send the page the very keys of the shortcut (Ctrl, or Cmd on macOS)', () => {
    const linux = deps();
    const actions = createMenuActions(linux.all);
    actions.newChat();
    actions.stopRun();
    expect(linux.sendInputEvent.mock.calls.map(([event]) => event)).toEqual([
      { type: 'keyDown', keyCode: 'N', modifiers: ['control'] },
      { type: 'keyUp', keyCode: 'N', modifiers: ['control'] },
      { type: 'keyDown', keyCode: 'Escape', modifiers: [] },
      { type: 'keyUp', keyCode: 'Escape', modifiers: [] },
    ]);
    const mac = deps({ platform: 'darwin' });
    createMenuActions(mac.all).openSettings();
    expect(mac.sendInputEvent.mock.calls[0]?.[0]).toEqual({ type: 'keyDown', keyCode: ',', modifiers: ['meta'] });
    const workflows = deps();
    createMenuActions(workflows.all).openWorkflows();
    expect(workflows.sendInputEvent.mock.calls[0]?.[0]).toEqual({ type: 'keyDown', keyCode: 'W', modifiers: ['control', 'shift'] });
    const none = deps({ window: () => null });
    expect(() => createMenuActions(none.all).searchConversations()).not.toThrow();
  });

  it('picks a workspace folder with the system dialog and saves it through the services', async () => {
    const { all, handle, dialog } = deps();
    createMenuActions(all).chooseWorkspace();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalled());
    expect(handle).toHaveBeenCalledWith('settings.set', { workspace: '/home/me/project' });
    expect(dialog.showMessageBox.mock.calls[0]?.[0]).toMatchObject({ type: 'info', detail: expect.stringContaining('/home/me/project') });
  });

  it('says why when main refuses the folder, and does nothing when the dialog is cancelled', async () => {
    const refused = deps({
      services: {
        handle: vi.fn(async () => ({
          ok: false as const,
          error: { code: 'invalid-payload' as const, message: 'The workspace folder does not exist.' },
        })),
      },
    });
    createMenuActions(refused.all).chooseWorkspace();
    await vi.waitFor(() => expect(refused.dialog.showMessageBox).toHaveBeenCalled());
    expect(refused.dialog.showMessageBox.mock.calls[0]?.[0]).toMatchObject({
      type: 'warning',
      detail: 'The workspace folder does not exist.',
    });

    const cancelled = deps();
    cancelled.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    createMenuActions(cancelled.all).chooseWorkspace();
    await vi.waitFor(() => expect(cancelled.dialog.showOpenDialog).toHaveBeenCalled());
    expect(cancelled.handle).not.toHaveBeenCalled();
  });

  it('opens the model library through the given opener', () => {
    const { all, openExternal } = deps();
    createMenuActions(all).openModelLibrary();
    expect(openExternal).toHaveBeenCalledWith(MODEL_LIBRARY_URL);
  });
});
