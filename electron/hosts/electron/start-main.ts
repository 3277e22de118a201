import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, screen, session, shell } from 'electron';
import { fileURLToPath } from 'node:url';
import { createAppServices } from '../../services/app/app-services';
import type { AppServices } from '../../services/app/app-services-types';
import { openExternalGuarded } from '../../services/app/open-external-guard';
import { printHtmlToPdf } from './print-pdf';
import { createLocalApiController } from '../api/local-api-controller';
import { buildMenuTemplate } from './menu/app-menu';
import { APP_SCHEME_PRIVILEGES, registerAppProtocol } from './protocols/app-protocol';
import { ARTIFACT_SCHEME_PRIVILEGES, artifactFrameAncestor, registerArtifactProtocol } from './protocols/artifact-protocol';
import { registerIpc } from './ipc';
import { createMenuActions } from './menu/menu-actions';
import { rendererUrl, type RendererLocation } from './renderer-location';
import { isTrustedSender } from './trusted-sender';
import { restrictPermissions } from './permission-policy';
import { cspFor, enforceCsp, guardWebContents } from './web-contents-guards';
import { closeWebRtc, closeWindowNetwork } from './window-network';
import { createWindowFrameOptions } from './window-options';
import { fitToDisplays, readWindowState, trackWindowState, writeWindowState } from './window-state';
import { utilityEngineLauncher } from './utility-engine-process';

/** Where electron-vite put the renderer: its dev server in `npm run dev`, else the built bundle. */
export function rendererLocation(env: NodeJS.ProcessEnv = process.env): RendererLocation {
  const devUrl = env.ELECTRON_RENDERER_URL;
  if (!app.isPackaged && devUrl) return { type: 'dev-server', url: devUrl };
  return { type: 'bundle', dir: fileURLToPath(new URL('../renderer', import.meta.url)) };
}

export const PRELOAD_PATH = (): string => fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

/**
 * The Electron host: one instance, one locked-down window, the app services behind a
 * sender-checked IPC handler per call. Everything else in main is plain Node.
 */
export async function startMain(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const location = rendererLocation();
  let window: BrowserWindow | null = null;
  const openExternal = (url: string): Promise<void> => shell.openExternal(url);

  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, location, openExternal);
    closeWebRtc(contents);
  });
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  // Before ready: app://taco/ is a standard, secure origin of its own (never file://).
  // artifact://preview/ is the artifact preview frame's own origin. One call for both: Electron
  // passes each call's schemes to child processes as a command-line switch, which a second call
  // would replace (shell/browser/api/electron_api_protocol.cc, AppendSchemesToCmdLine).
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, ARTIFACT_SCHEME_PRIVILEGES]);
  await app.whenReady();
  // Before anything loads: the window's session reaches no network (window-network.ts).
  await closeWindowNetwork(session.defaultSession, location);
  restrictPermissions(session.defaultSession, location);
  enforceCsp(session.defaultSession, cspFor(location));
  if (location.type === 'bundle') registerAppProtocol(session.defaultSession.protocol, location.dir, cspFor(location));
  registerArtifactProtocol(session.defaultSession.protocol, artifactFrameAncestor(location));

  const dataDir = app.getPath('userData');
  let services: AppServices;
  // Settings → Local API: off unless the user turned it on; it serves these same services.
  const localApi = createLocalApiController({ dataDir, services: () => services });
  try {
    // MCP OAuth tokens are sealed with the OS keychain where it exists (0600 files either way).
    const secretCipher = safeStorage.isEncryptionAvailable()
      ? { encrypt: (plain: string) => safeStorage.encryptString(plain), decrypt: (sealed: Buffer) => safeStorage.decryptString(sealed) }
      : null;
    services = await createAppServices({
      dataDir,
      openExternal,
      secretCipher,
      localApi,
      printPdf: printHtmlToPdf,
      // The built-in engine runs in a utility process: a model load or a crash never holds or takes down main.
      engineProcess: utilityEngineLauncher(),
    });
  } catch (error) {
    dialog.showErrorBox('TACO could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
    return;
  }

  // The window's first question is the conversation list: the index is read while the window loads.
  void services.handle('conversations.list', {});
  void localApi.start().catch((error: unknown) => console.error('The local API did not start:', error));

  const disposeIpc = registerIpc({
    ipcMain,
    services,
    isTrusted: (event) => window !== null && !window.isDestroyed() && isTrustedSender(event, window, location),
    send: (channel, payload) => {
      if (window && !window.isDestroyed()) window.webContents.send(channel, payload);
    },
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: app.name,
        developer: !app.isPackaged,
        actions: createMenuActions({
          platform: process.platform,
          window: () => window,
          services,
          dialog,
          openExternal: (url) => openExternalGuarded(url, openExternal).then(() => undefined),
        }),
      }),
    ),
  );

  let savedState = await readWindowState(dataDir);
  const openWindow = (): void => {
    const state = fitToDisplays(
      savedState,
      screen.getAllDisplays().map((display) => display.workArea),
    );
    // The renderer is sandboxed and isolated from the preload, has no Node, keeps web security on
    // (same-origin policy) and cannot middle-click open windows: it reaches main only through the
    // preload's one-function-per-call bridge. Literal here on purpose (see window-options.ts).
    const created = new BrowserWindow({
      ...createWindowFrameOptions(state),
      webPreferences: {
        preload: PRELOAD_PATH(),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        disableBlinkFeatures: 'Auxclick',
        // A frame of another origin (the artifact preview) may not call focus() without the user's
        // click inside it: it cannot take the composer's typing (e2e/specs/artifacts.spec.ts).
        enableBlinkFeatures: 'BlockingFocusWithoutUserActivation',
        spellcheck: true,
      },
    });
    window = created;
    if (state.maximized) created.maximize();
    trackWindowState(created, (next) => {
      savedState = next;
      void writeWindowState(dataDir, next).catch((error: unknown) => console.error('Could not remember the window size:', error));
    });
    created.once('ready-to-show', () => created.show());
    created.on('closed', () => {
      if (window === created) window = null;
    });
    void created.loadURL(rendererUrl(location));
  };
  openWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let shutDown = false;
  app.on('before-quit', (event) => {
    if (shutDown) return;
    event.preventDefault();
    shutDown = true;
    disposeIpc();
    void localApi
      .close()
      .then(() => services.dispose())
      .finally(() => app.quit());
  });
}
