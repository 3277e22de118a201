/** The Electron window (electron/hosts/electron/window-state.ts). */
export const WINDOW_DEFAULTS = {
  width: 1200,
  height: 800,
  minWidth: 720,
  minHeight: 480,
  /** Moves and resizes are saved this long after the last one. */
  saveDelayMs: 500,
  /** At least this much of the window's top edge must be on a display, or it is centered again. */
  minVisiblePx: 80,
  fileName: 'window-state.json',
} as const;
