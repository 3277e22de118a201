import type { Page } from '@playwright/test';
import { expect } from './taco-fixture';

/**
 * The sidebar's drawn slots (rows and headings) that sit over one another: pairs of their texts.
 * Polled until none: a slot is placed by its estimate for a frame before it is measured.
 */
export async function expectNoSidebarOverlap(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const slots = [...document.querySelectorAll<HTMLElement>('.conversation-groups-virtual .conversation-slot')]
          .map((slot) => ({ rect: slot.getBoundingClientRect(), text: (slot.textContent ?? '').trim().slice(0, 40) }))
          .filter(({ rect }) => rect.height > 0)
          .sort((a, b) => a.rect.top - b.rect.top);
        const overlaps: string[] = [];
        for (let index = 1; index < slots.length; index += 1) {
          const above = slots[index - 1];
          const slot = slots[index];
          if (above && slot && slot.rect.top < above.rect.bottom - 0.5) overlaps.push(`${above.text} / ${slot.text}`);
        }
        return overlaps;
      }),
    )
    .toEqual([]);
}
