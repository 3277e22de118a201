import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './taco-fixture';

/**
 * axe finds nothing serious: the narrow dark and wide light layouts on every run; every width and
 * theme, each with a screenshot, when the environment variable `shotsVariable` names a folder.
 */
export async function lookAt(page: Page, name: string, shotsVariable: string, scan: (page: Page) => Promise<string[]>): Promise<void> {
  const shots = process.env[shotsVariable];
  if (shots) mkdirSync(shots, { recursive: true });
  const widths = (theme: 'light' | 'dark'): number[] => (shots ? [800, 1280, 1920] : theme === 'dark' ? [800] : [1920]);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of widths(theme)) {
      await page.setViewportSize({ width, height: width === 800 ? 700 : 900 });
      expect(await scan(page), `${name}, ${theme}, at ${width}`).toEqual([]);
      if (shots) await page.screenshot({ path: join(shots, `${name}-${theme}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}
