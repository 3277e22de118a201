import type { BrowserWindowConstructorOptions } from 'electron';
import { WINDOW_DEFAULTS, type WindowState } from './window-state';

/**
 * The main window's options. The renderer is sandboxed and isolated from the preload, has no Node,
 * and keeps web security on (same-origin policy): it can reach main only through the preload's
 * one-function-per-call bridge. Size and position are the ones saved last time (window-state.ts).
 */
export function createWindowOptions(input: { preloadPath: string; state?: WindowState }): BrowserWindowConstructorOptions {
  const state = input.state;
  return {
    title: 'TACO',
    width: state?.width ?? WINDOW_DEFAULTS.width,
    height: state?.height ?? WINDOW_DEFAULTS.height,
    ...(state?.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    minWidth: WINDOW_DEFAULTS.minWidth,
    minHeight: WINDOW_DEFAULTS.minHeight,
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
