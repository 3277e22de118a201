import AxeBuilder from '@axe-core/playwright';
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
    // Scrolling does not record the forty formulas again: their row clips its contents (their cull
    // rect is the row, not the viewport) and the answer is a paint layer of its own (a hover
    // elsewhere in the row reuses its recording). Without either, each repaint was ~10 ms of paint.
    const paintIsolation = await last.evaluate((answer) => {
      const row = answer.closest('.message-row');
      const markdown = answer.querySelector('.markdown') ?? answer.closest('.markdown');
      return {
        rowOverflow: row ? getComputedStyle(row).overflowY : null,
        markdownIsolation: markdown ? getComputedStyle(markdown).isolation : null,
      };
    });
    expect(paintIsolation).toEqual({ rowOverflow: 'clip', markdownIsolation: 'isolate' });

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
    // It comes in pieces that the browser lays out only when scrolled into view in the box (laid
    // out whole it was 40–80 ms of text layout each time its row was), and all of it can be read:
    // scrolled to its end, the box shows the source's last piece.
    const pieces = matrix.locator('.md-math-source-piece');
    expect(await pieces.count()).toBeGreaterThan(40);
    expect(await pieces.first().evaluate((element) => getComputedStyle(element).contentVisibility)).toBe('auto');
    await expect
      .poll(
        () =>
          matrix.evaluate((element) => {
            element.scrollTop = element.scrollHeight;
            return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect(pieces.last()).toContainText('\\end{matrix}');
    const lastShown = await pieces.last().evaluate((piece) => {
      const box = piece.parentElement?.getBoundingClientRect();
      const rect = piece.getBoundingClientRect();
      return box !== undefined && rect.height > 0 && rect.top < box.bottom && rect.bottom > box.top;
    });
    expect(lastShown).toBe(true);
    await matrix.evaluate((element) => {
      element.scrollTop = 0;
    });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [800, 1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        await matrix.scrollIntoViewIfNeeded();
        await taco.screenshot(`hostile-render-matrix-${theme}-${width}`);
      }
      // The source in pieces is still one scrollable, focusable box to assistive technology.
      const axe = await new AxeBuilder({ page })
        .include('code.md-math-source')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => violation.id)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });

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

    // How the diagrams and the formulas look, at each width and theme.
    const list = page.getByTestId('message-list');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [800, 1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        await list.evaluate((element) => element.scrollTo({ top: 0 }));
        await expect.poll(() => busyNow(page), { timeout: 60_000 }).toBe(0);
        await taco.screenshot(`hostile-render-diagrams-${theme}-${width}`);
        await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        await expect(last).toBeInViewport();
        await expect.poll(() => busyNow(page), { timeout: 60_000 }).toBe(0);
        await taco.screenshot(`hostile-render-formulas-${theme}-${width}`);
      }
    }
  });
});
