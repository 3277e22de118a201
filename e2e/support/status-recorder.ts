import type { Page } from '@playwright/test';

/** Records every text the status line shows, so specs can assert the sequence of a run. */
export async function recordStatusLine(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __tacoStatuses: string[] }).__tacoStatuses = seen;
    const note = (): void => {
      const text = document.querySelector('[data-testid="status-line"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __tacoStatuses: string[] }).__tacoStatuses ?? []);
}
