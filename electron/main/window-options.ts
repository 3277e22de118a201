import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The main window's options. The renderer is sandboxed and isolated from the preload, has no Node,
 * and keeps web security on (same-origin policy): it can reach main only through the preload's
 * one-function-per-call bridge.
 */
export function createWindowOptions(input: { preloadPath: string }): BrowserWindowConstructorOptions {
  return {
    title: 'TACO',
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    backgroundColor: '#1e1e1e',
    autoHideMenuBar: true,
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: true,
    },
  };
}
