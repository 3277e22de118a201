import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../services/store/files/atomic-write';
import { DEFAULTS } from '../../../shared/constants';

/** The values live with every other default in shared/constants.ts. */
export const WINDOW_DEFAULTS = DEFAULTS.window;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Size, position (absent: let the system center it) and whether it was maximized. */
export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

const stateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});

export function windowStatePath(dataDir: string): string {
  return join(dataDir, WINDOW_DEFAULTS.fileName);
}

/** The saved state, or null when there is none or it cannot be read (a bad file is never fatal). */
export async function readWindowState(dataDir: string): Promise<WindowState | null> {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(await readFile(windowStatePath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function writeWindowState(dataDir: string, state: WindowState): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: DEFAULTS.store.folderMode });
  await writeFileAtomic(windowStatePath(dataDir), `${JSON.stringify(state)}\n`);
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The state to open with on the displays there are now: no larger than the largest display, and
 * placed where it was only if its top edge is still visible (a display may be gone since).
 */
export function fitToDisplays(saved: WindowState | null, workAreas: readonly Rect[]): WindowState {
  const largest = workAreas.reduce<Rect | null>(
    (best, area) => (!best || area.width * area.height > best.width * best.height ? area : best),
    null,
  );
  const base = saved ?? { width: WINDOW_DEFAULTS.width, height: WINDOW_DEFAULTS.height, maximized: false };
  const width = Math.max(WINDOW_DEFAULTS.minWidth, Math.min(base.width, largest?.width ?? base.width));
  const height = Math.max(WINDOW_DEFAULTS.minHeight, Math.min(base.height, largest?.height ?? base.height));
  const fitted: WindowState = { width, height, maximized: base.maximized };
  if (base.x === undefined || base.y === undefined) return fitted;
  const titleBar: Rect = { x: base.x, y: base.y, width, height: WINDOW_DEFAULTS.minVisiblePx };
  const visible = workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= WINDOW_DEFAULTS.minVisiblePx && shared.height >= WINDOW_DEFAULTS.minVisiblePx / 2;
  });
  return visible ? { ...fitted, x: base.x, y: base.y } : fitted;
}

/** The part of a BrowserWindow the tracker uses (a fake in tests). */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isDestroyed(): boolean;
}

/**
 * Saves the window's normal bounds (not the maximized ones) and whether it is maximized: a while
 * after the last move or resize, and at once when it closes.
 */
export function trackWindowState(
  window: TrackedWindow,
  save: (state: WindowState) => void,
  delayMs: number = WINDOW_DEFAULTS.saveDelayMs,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const snapshot = (): WindowState | null => {
    if (window.isDestroyed() || window.isMinimized()) return null;
    const { x, y, width, height } = window.getNormalBounds();
    return { x, y, width, height, maximized: window.isMaximized() };
  };
  const saveNow = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    const state = snapshot();
    if (state) save(state);
  };
  const saveLater = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
    timer.unref?.();
  };
  window.on('resize', saveLater);
  window.on('move', saveLater);
  window.on('close', saveNow);
  return () => {
    if (timer) clearTimeout(timer);
  };
}
