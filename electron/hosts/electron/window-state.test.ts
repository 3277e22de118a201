import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  fitToDisplays,
  readWindowState,
  trackWindowState,
  WINDOW_DEFAULTS,
  windowStatePath,
  writeWindowState,
  type TrackedWindow,
} from './window-state';

const dir = mkdtempSync(join(tmpdir(), 'taco-window-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const screenArea = { x: 0, y: 0, width: 1920, height: 1040 };

describe('window state', () => {
  it('is written and read back; a missing or bad file means none', async () => {
    expect(await readWindowState(join(dir, 'missing'))).toBeNull();
    await writeWindowState(join(dir, 'nested'), { x: 5, y: 6, width: 900, height: 700, maximized: true });
    expect(await readWindowState(join(dir, 'nested'))).toEqual({ x: 5, y: 6, width: 900, height: 700, maximized: true });
    writeFileSync(windowStatePath(dir), '{"width":"wide"}');
    expect(await readWindowState(dir)).toBeNull();
    writeFileSync(windowStatePath(dir), 'not json');
    expect(await readWindowState(dir)).toBeNull();
  });

  it('opens at the saved place while it is on a display, else centered; never larger than the display', () => {
    expect(fitToDisplays(null, [screenArea])).toEqual({ width: WINDOW_DEFAULTS.width, height: WINDOW_DEFAULTS.height, maximized: false });
    expect(fitToDisplays({ x: 100, y: 50, width: 1000, height: 700, maximized: false }, [screenArea])).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
      maximized: false,
    });
    // The second display it was on is gone.
    expect(fitToDisplays({ x: 2500, y: 50, width: 1000, height: 700, maximized: true }, [screenArea])).toEqual({
      width: 1000,
      height: 700,
      maximized: true,
    });
    expect(fitToDisplays({ x: 0, y: 0, width: 5000, height: 3000, maximized: false }, [screenArea])).toMatchObject({
      width: 1920,
      height: 1040,
    });
    expect(fitToDisplays({ width: 100, height: 100, maximized: false }, [screenArea])).toMatchObject({
      width: WINDOW_DEFAULTS.minWidth,
      height: WINDOW_DEFAULTS.minHeight,
    });
  });

  it('saves the normal bounds after moves settle, and at once on close', () => {
    vi.useFakeTimers();
    try {
      const listeners = new Map<string, () => void>();
      let bounds = { x: 1, y: 2, width: 800, height: 600 };
      const window: TrackedWindow = {
        on: (event, listener) => listeners.set(event, listener),
        getNormalBounds: () => bounds,
        isMaximized: () => false,
        isMinimized: () => false,
        isDestroyed: () => false,
      };
      const saved: unknown[] = [];
      trackWindowState(window, (state) => saved.push(state), 500);
      listeners.get('move')?.();
      bounds = { x: 3, y: 4, width: 810, height: 610 };
      listeners.get('resize')?.();
      expect(saved).toEqual([]);
      vi.advanceTimersByTime(500);
      expect(saved).toEqual([{ x: 3, y: 4, width: 810, height: 610, maximized: false }]);
      listeners.get('close')?.();
      expect(saved).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
