import type { BrowserWindowConstructorOptions } from 'electron';
import { WINDOW_DEFAULTS, type WindowState } from './window-state';

/**
 * The main window's frame: size and position are the ones saved last time (window-state.ts).
 * The `webPreferences` are NOT built here: they are written out literally where the window is
 * created (start-main.ts), so a reader and the Electronegativity scan in `npm test` both see them.
 */
export function createWindowFrameOptions(state?: WindowState): Omit<BrowserWindowConstructorOptions, 'webPreferences'> {
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
  };
}
