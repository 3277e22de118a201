import { HOSTILE_RENDER_END, writeHostileRenderConversation } from '../../bench/browser/hostile-render-data';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/taco-fixture';

const TITLE = 'Hostile render';

/** Diagrams still drawing and blocks still waiting for the worker or their frame, now. */
const busyNow = (page: Page): Promise<number> =>
  page.evaluate(() => document.querySelectorAll('[data-testid="mermaid-fallback"][data-state="drawing"], [data-state="pending"]').length);

test.describe('a conversation of hostile diagrams and formulas (render budgets)', () => {
  test('keeps the window answering while it is drawn and scrolled, and shows each part bounded', async ({ taco, page }) => {
    const dataDir = taco.tempDir('taco-e2e-hostile-');
    await writeHostileRenderConversation(dataDir, TITLE);
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url, dataDir });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Each keystroke notes how much was still being drawn when the window took it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __busyAtKey: number[] }).__busyAtKey = seen;
      document.addEventListener(
        'keydown',
        () => seen.push(document.querySelectorAll('[data-testid="mermaid-fallback"][data-state="drawing"], [data-state="pending"]').length),
        true,
      );
    });
    await page.getByTestId('conversation-item').filter({ hasText: TITLE }).click();
    // At once, while the answers are typeset and drawn: typing lands and a toggle toggles.
    const composer = page.getByTestId('composer');
    await composer.click();
    await page.keyboard.type('still here');
    await expect(composer).toHaveValue('still here');
    const toggle = page.getByTestId('stack-panel-toggle');
    const expanded = await toggle.getAttribute('aria-expanded');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', expanded === 'true' ? 'false' : 'true');
    const busyAtKeys = await page.evaluate(() => (window as unknown as { __busyAtKey: number[] }).__busyAtKey);
    test.info().annotations.push({ type: 'busy blocks at each keystroke', description: busyAtKeys.join(',') });

    // Everything on screen finishes: the 40 ordinary formulas typeset, the two long sums (617
    // characters, over the length cap) shown as source.
    const last = page.getByTestId('answer-text').filter({ hasText: HOSTILE_RENDER_END });
    await expect(last).toBeVisible();
    await expect.poll(() => busyNow(page), { timeout: 60_000 }).toBe(0);
    await expect(last.locator('.katex')).toHaveCount(40);
    await expect(last.locator('code.md-math-source')).toHaveCount(2);

    // The 84 KB matrix is refused and its source sits in a bounded box that scrolls, whole.
    const matrix = page.locator('code.md-math-source.md-math-display').filter({ hasText: '\\begin{matrix}' });
    await page.getByTestId('message-list').hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -600);
          return matrix.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const box = await matrix.evaluate((element) => ({
      client: element.clientHeight,
      scroll: element.scrollHeight,
      text: element.textContent?.length ?? 0,
    }));
    expect(box.client).toBeLessThan(400);
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(box.text).toBeGreaterThan(80_000);
    await expect(matrix).toHaveAttribute('title', /^Not typeset: /);

    // Reading back to the top: older answers come in a frame's worth at a time and the window
    // keeps taking input meanwhile.
    for (let step = 0; step < 40; step += 1) await page.mouse.wheel(0, -800);
    await expect(page.getByTestId('mermaid-diagram').or(page.getByTestId('mermaid-fallback')).first()).toBeVisible({ timeout: 30_000 });
    await composer.press('End');
    await composer.pressSequentially(' and here');
    await expect(composer).toHaveValue('still here and here');
    await expect.poll(() => busyNow(page), { timeout: 60_000 }).toBe(0);

    // The graph with 496 edges is refused before any layout, with the reason.
    await expect(page.getByTestId('mermaid-fallback').filter({ hasText: 'more than 200 edges (496)' })).toBeVisible();
  });
});
