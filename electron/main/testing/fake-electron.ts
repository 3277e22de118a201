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
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export function createFakeElectron() {
  const app = Object.assign(new FakeEmitter(), {
    isPackaged: false,
    requestSingleInstanceLock: vi.fn(() => true),
    whenReady: vi.fn(async () => undefined),
    getPath: vi.fn(() => '/tmp/taco-fake-user-data'),
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
  };

  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    windows,
    ipcMain,
    session: { defaultSession },
    shell: { openExternal: vi.fn(async () => undefined) },
    dialog: { showErrorBox: vi.fn() },
  };
}
