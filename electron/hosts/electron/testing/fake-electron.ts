import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vi } from 'vitest';
import { checkMenuTemplate } from './accelerators';
import { FakeEmitter, preventableEvent } from './fake-emitter';
import { FakeIpcMain, FakeWebContents } from './fake-web-contents';

export { FakeEmitter } from './fake-emitter';
export { FakeIpcMain, FakeWebContents } from './fake-web-contents';

type ProtocolHandler = (request: Request) => Response | Promise<Response>;
type PermissionRequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: object) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string, details: object) => boolean;

/**
 * Electron's main-process API as far as the host uses it, behaving as Electron 45 does (used
 * through vi.mock('electron')). Each behaviour names the electron/electron file it comes from;
 * frames and IPC are in fake-web-frame.ts and fake-web-contents.ts.
 */
export function createFakeElectron() {
  const userData = mkdtempSync(join(tmpdir(), 'taco-fake-user-data-'));
  let ready = false;
  let quitting = false;
  const app = Object.assign(new FakeEmitter(), {
    name: 'TACO',
    isPackaged: false,
    /** Whether another instance holds the lock (shell/browser/api/electron_api_app.cc RequestSingleInstanceLock). */
    lockHeldElsewhere: false,
    requestSingleInstanceLock: vi.fn((): boolean => !app.lockHeldElsewhere),
    isReady: (): boolean => ready,
    whenReady: vi.fn(async () => {
      ready = true;
      app.emit('ready');
    }),
    getPath: vi.fn(() => userData),
    /**
     * shell/browser/browser.cc Browser::Quit(): before-quit first; a listener that prevents it
     * cancels the quit (and a later quit() asks again); otherwise the windows close, then
     * will-quit and quit.
     */
    quit: vi.fn((): void => {
      if (quitting) return;
      const event = preventableEvent({});
      app.emit('before-quit', event);
      if (event.defaultPrevented) return;
      quitting = true;
      for (const window of [...windows]) window.close();
      const willQuit = preventableEvent({});
      app.emit('will-quit', willQuit);
      if (!willQuit.defaultPrevented) app.emit('quit', {}, 0);
    }),
    isQuitting: (): boolean => quitting,
    exit: vi.fn(),
    /** A second launch: 'second-instance' (event, argv, workingDirectory, additionalData). */
    launchSecondInstance(argv: string[] = []): void {
      app.emit('second-instance', preventableEvent({}), argv, process.cwd(), {});
    },
  });
  const ipcMain = new FakeIpcMain();
  const windows: FakeBrowserWindow[] = [];

  class FakeBrowserWindow extends FakeEmitter {
    readonly webContents = new FakeWebContents(ipcMain);
    private destroyed = false;
    private shown = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
      app.emit('web-contents-created', preventableEvent({}), this.webContents);
    }
    /** Loads commit a new document; the first one shows something, so 'ready-to-show' follows. */
    loadFile = vi.fn(async (path: string) => this.commit(pathToFileURL(path).href));
    loadURL = vi.fn(async (url: string) => this.commit(url));
    private commit(url: string): void {
      this.webContents.load(url);
      if (!this.shown) {
        this.shown = true;
        this.emit('ready-to-show');
      }
    }
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isMinimized = (): boolean => false;
    isDestroyed = (): boolean => this.destroyed;
    close = (): void => {
      if (this.destroyed) return;
      this.emit('close', preventableEvent({}));
      this.destroyed = true;
      this.webContents.destroy();
      windows.splice(windows.indexOf(this), 1);
      this.emit('closed');
      if (windows.length === 0) app.emit('window-all-closed');
    };
    maximized = false;
    maximize = vi.fn(() => {
      this.maximized = true;
    });
    isMaximized = (): boolean => this.maximized;
    bounds = { x: 10, y: 20, width: 1000, height: 700 };
    getNormalBounds = (): { x: number; y: number; width: number; height: number } => ({ ...this.bounds });
    static getAllWindows = (): FakeBrowserWindow[] => [...windows];
  }

  const handlers = new Map<string, ProtocolHandler>();
  let requestHandler: PermissionRequestHandler | null = null;
  let checkHandler: PermissionCheckHandler | null = null;
  const defaultSession = {
    setPermissionRequestHandler: vi.fn((handler: PermissionRequestHandler | null) => {
      requestHandler = handler;
    }),
    setPermissionCheckHandler: vi.fn((handler: PermissionCheckHandler | null) => {
      checkHandler = handler;
    }),
    /**
     * A permission request from a frame: shell/browser/electron_permission_manager.cc passes
     * (webContents, permission, callback, { requestingUrl: the frame's last committed URL,
     * isMainFrame }). With no handler, Electron grants it.
     */
    requestPermission(contents: FakeWebContents, permission: string, frame = contents.frame): Promise<boolean> {
      if (!requestHandler) return Promise.resolve(true);
      const handler = requestHandler;
      return new Promise((done) => handler(contents, permission, done, { requestingUrl: frame.url, isMainFrame: frame.parent === null }));
    },
    /**
     * A permission check (navigator.permissions, clipboard): (webContents or null, permission,
     * requestingOrigin, { requestingUrl when there is a frame, isMainFrame, embeddingOrigin }).
     * With no handler, everything but a sync clipboard read is granted.
     */
    checkPermission(contents: FakeWebContents | null, permission: string, requestingOrigin: string): boolean {
      if (!checkHandler) return permission !== 'clipboard-read';
      const frame = contents?.frame;
      const details = frame ? { requestingUrl: frame.url, isMainFrame: frame.parent === null } : { isMainFrame: false };
      return checkHandler(contents, permission, requestingOrigin, details);
    },
    webRequest: { onHeadersReceived: vi.fn() },
    /** The last ProxyConfig set (null: the system's, Electron's default). */
    proxy: null as null | { mode?: string; pacScript?: string; proxyRules?: string; proxyBypassRules?: string },
    /**
     * shell/browser/api/electron_api_session.cc Session::SetProxy: reads mode, pacScript,
     * proxyRules, proxyBypassRules into a ProxyConfigDictionary and resolves once the network
     * context has it; an unknown mode rejects ("Invalid mode").
     */
    setProxy: vi.fn(async (config: { mode?: string; pacScript?: string; proxyRules?: string; proxyBypassRules?: string }) => {
      if (config.mode !== undefined && !['direct', 'auto_detect', 'pac_script', 'fixed_servers', 'system'].includes(config.mode))
        throw new Error('Invalid mode');
      defaultSession.proxy = { ...config };
    }),
    protocol: {
      /** lib/browser/api/protocol.ts Protocol.prototype.handle: one handler per scheme, else "Failed to register protocol". */
      handle: vi.fn((scheme: string, handler: ProtocolHandler) => {
        if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
        handlers.set(scheme, handler);
      }),
      isProtocolHandled: (scheme: string): boolean => handlers.has(scheme),
      /** What Chromium asks the handler for a URL: a `Request` as protocol.ts builds it. */
      async fetch(url: string, init: { method?: string } = {}): Promise<Response> {
        const handler = handlers.get(new URL(url).protocol.slice(0, -1));
        if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME: ${url}`);
        return handler(new Request(url, { method: init.method ?? 'GET' }));
      },
    },
  };

  const protocol = {
    privileged: [] as Array<{ scheme: string; privileges?: Record<string, boolean> }>,
    /** shell/browser/api/electron_api_protocol.cc: throws once the app is ready. */
    registerSchemesAsPrivileged: vi.fn((schemes: Array<{ scheme: string; privileges?: Record<string, boolean> }>) => {
      if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
      // Each call appends its schemes to the command line of child processes (AppendSchemesToCmdLine →
      // AppendSwitchASCII): a later call's switch replaces the earlier one's, so renderers know only the last call's.
      protocol.privileged = [...schemes];
    }),
  };

  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    windows,
    ipcMain,
    session: { defaultSession },
    protocol,
    shell: { openExternal: vi.fn(async () => undefined) },
    dialog: {
      showErrorBox: vi.fn(),
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] as string[] })),
      showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })),
    },
    Menu: {
      /** Refuses a role or accelerator Electron would not honour (accelerators.ts). */
      buildFromTemplate: vi.fn((template: unknown[]) => {
        checkMenuTemplate(template as Parameters<typeof checkMenuTemplate>[0]);
        return { template };
      }),
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

export type FakeElectron = ReturnType<typeof createFakeElectron>;
