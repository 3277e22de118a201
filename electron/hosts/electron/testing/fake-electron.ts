import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

/** Just enough of Electron's main-process API for the adapter tests (used through vi.mock). */
export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener): this {
    return this.on(name, listener);
  }
  emit(name: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(name) ?? []).map((listener) => listener(...args));
  }
}

export class FakeWebContents extends FakeEmitter {
  readonly mainFrame = { url: 'about:blank' };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly send = vi.fn();
  readonly sendInputEvent = vi.fn();
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export function createFakeElectron() {
  const userData = mkdtempSync(join(tmpdir(), 'taco-fake-user-data-'));
  const app = Object.assign(new FakeEmitter(), {
    name: 'TACO',
    isPackaged: false,
    requestSingleInstanceLock: vi.fn(() => true),
    whenReady: vi.fn(async () => undefined),
    getPath: vi.fn(() => userData),
    quit: vi.fn(),
    exit: vi.fn(),
  });
  const windows: FakeBrowserWindow[] = [];

  class FakeBrowserWindow extends FakeEmitter {
    readonly webContents = new FakeWebContents();
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadFile = vi.fn(async (path: string) => {
      this.webContents.mainFrame.url = pathToFileURL(path).href;
    });
    loadURL = vi.fn(async (url: string) => {
      this.webContents.mainFrame.url = url;
    });
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isMinimized = (): boolean => false;
    isDestroyed = (): boolean => false;
    maximized = false;
    maximize = vi.fn(() => {
      this.maximized = true;
    });
    isMaximized = (): boolean => this.maximized;
    bounds = { x: 10, y: 20, width: 1000, height: 700 };
    getNormalBounds = (): { x: number; y: number; width: number; height: number } => ({ ...this.bounds });
    static getAllWindows = (): FakeBrowserWindow[] => windows;
  }

  const ipcMain = {
    handlers: new Map<string, Listener>(),
    handle: vi.fn((channel: string, handler: Listener) => {
      ipcMain.handlers.set(channel, handler);
    }),
    removeHandler: vi.fn((channel: string) => {
      ipcMain.handlers.delete(channel);
    }),
  };
  const defaultSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
    protocol: { handle: vi.fn() },
  };

  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    windows,
    ipcMain,
    session: { defaultSession },
    protocol: { registerSchemesAsPrivileged: vi.fn() },
    shell: { openExternal: vi.fn(async () => undefined) },
    dialog: {
      showErrorBox: vi.fn(),
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] as string[] })),
      showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })),
    },
    Menu: {
      buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
      setApplicationMenu: vi.fn(),
    },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }]) },
    // Electron's safeStorage (electron/docs/api/safe-storage.md): as on a machine without a keychain.
    safeStorage: {
      isEncryptionAvailable: vi.fn(() => false),
      encryptString: vi.fn((plain: string) => Buffer.from(plain)),
      decryptString: vi.fn((sealed: Buffer) => sealed.toString()),
    },
    userData,
  };
}
