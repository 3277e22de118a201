import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seriousViolations } from '../support/axe';
import type { Page } from '@playwright/test';
import { expect, test, type TacoHarness } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/**
 * Share and bring in (#36): the HTML export and the browser's print view of a conversation, and
 * imports of ChatGPT's and Claude's conversations.json (test-support/imports/, sources in its README).
 */
const FIXTURES = fileURLToPath(new URL('../../test-support/imports', import.meta.url));
const HOSTILE = 'Pack <img src=x onerror="window.__pwned = 1"> and **boots**';

async function openApp(taco: TacoHarness, page: Page) {
  const ollama = await taco.startFakeOllama('basic-chat');
  await taco.openApp({ ollamaUrl: ollama.url });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await pickModel(page, 'llama3.2:3b');
}

async function sendHostile(page: Page) {
  await page.getByTestId('composer').fill(HOSTILE);
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text')).toContainText('How can I help you today?');
  await expect(page.getByTestId('send-button')).toBeVisible();
}

async function openMenu(page: Page) {
  const row = page.getByTestId('conversation-row').first();
  await row.hover();
  await row.getByTestId('conversation-menu-button').click();
  return page.getByRole('menu');
}

test.describe('share and bring in', () => {
  test('Export as HTML downloads one inert page: no script, its own CSP, the text escaped', async ({ taco, page, context }) => {
    await openApp(taco, page);
    await sendHostile(page);
    const downloading = page.waitForEvent('download');
    await (await openMenu(page)).getByRole('menuitem', { name: 'Export as HTML' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const file = join(taco.tempDir('taco-e2e-share-'), download.suggestedFilename());
    await download.saveAs(file);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'`);
    expect(html).toContain('Pack &lt;img src=x onerror=&quot;window.__pwned = 1&quot;&gt; and <strong>boots</strong>');

    // Opened as a file, it shows the conversation and runs nothing.
    const viewer = await context.newPage();
    await viewer.goto(`file://${file}`);
    await expect(viewer.locator('.user')).toContainText('Pack <img src=x onerror="window.__pwned = 1"> and boots');
    await expect(viewer.locator('.answer')).toContainText('How can I help you today?');
    expect(await viewer.locator('img, script').count()).toBe(0);
    expect(await viewer.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await viewer.close();
  });

  test('Print / Save as PDF opens the print view of the conversation and asks the browser to print it', async ({ taco, page, context }) => {
    await openApp(taco, page);
    await sendHostile(page);
    // The browser's print dialog cannot be driven; count the calls on the view instead.
    await context.addInitScript(() => {
      (window as { __printed?: number }).__printed = 0;
      window.print = () => {
        (window as { __printed?: number }).__printed = ((window as { __printed?: number }).__printed ?? 0) + 1;
      };
    });
    const opening = context.waitForEvent('page');
    await (await openMenu(page)).getByRole('menuitem', { name: 'Print / Save as PDF' }).click();
    const view = await opening;
    await view.waitForLoadState('load');
    expect(new URL(view.url()).pathname).toMatch(/^\/print\/[0-9a-f-]+$/);
    await expect(view.locator('h1')).toBeVisible();
    await expect(view.locator('.user')).toContainText('Pack <img src=x onerror="window.__pwned = 1"> and boots');
    expect(await view.locator('script, img').count()).toBe(0);
    await expect.poll(() => view.evaluate(() => (window as { __printed?: number }).__printed)).toBe(1);
    await view.screenshot({ path: fileURLToPath(new URL('../screenshots/share-print-view.png', import.meta.url)) });
  });

  test('imports ChatGPT’s and Claude’s conversations.json: every conversation, hostile text shown as text', async ({ taco, page }) => {
    await openApp(taco, page);
    await page.getByTestId('import-file').setInputFiles(join(FIXTURES, 'chatgpt-conversations.json'));
    await expect(page.getByTestId('toast')).toContainText('Imported 2 conversations from ChatGPT.');
    await expect(page.getByTestId('conversation-row')).toHaveCount(2);
    await expect(page.locator('[data-testid="message"][data-role="user"]').first()).toContainText('What should I pack for **Lisbon**?');
    await expect(page.getByTestId('answer-text').first()).toContainText('Light layers and comfortable shoes. <script>alert(2)</script>');
    await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText('And what about this bag?');

    await page.getByTestId('import-file').setInputFiles(join(FIXTURES, 'claude-conversations.json'));
    await expect(page.getByTestId('toast').last()).toContainText('Imported 2 conversations from Claude.');
    await expect(page.getByTestId('conversation-row')).toHaveCount(4);
    await expect(page.locator('[data-testid="message"][data-role="user"]').first()).toContainText(
      'When should I feed my starter? <img src=x onerror=alert(3)>',
    );
    expect(await page.locator('.message-body img').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await taco.screenshot('share-imported-claude');
  });

  test('a corrupt export is refused in words and nothing is imported', async ({ taco, page }) => {
    await openApp(taco, page);
    const file = join(taco.tempDir('taco-e2e-share-'), 'conversations.json');
    const broken = readFileSync(join(FIXTURES, 'chatgpt-conversations.json'), 'utf8').replace('"mapping"', '"mappings"');
    writeFileSync(file, broken);
    await page.getByTestId('import-file').setInputFiles(file);
    // The refusal is the import's own message, said once, not a banner over every conversation.
    const refusal = page.getByTestId('toast').filter({ hasText: 'conversations.json' });
    await expect(refusal).toContainText(/not imported|cannot be imported/i);
    await expect(page.getByTestId('error-notice')).toHaveCount(0);
    await expect(page.getByTestId('conversation-row')).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the conversation menu with Export and the Import button, ${theme}, at 800, 1280 and 1920`, async ({ taco, page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await openApp(taco, page);
      await sendHostile(page);
      for (const width of [1920, 1280, 800]) {
        await page.setViewportSize({ width, height: width === 800 ? 600 : 900 });
        if (width === 800) {
          await page.getByTestId('rail-conversations').click();
        }
        const menu = await openMenu(page);
        await expect(menu.getByRole('menuitem', { name: 'Export as HTML' })).toBeVisible();
        expect(await seriousViolations(page), `${theme} ${width}`).toEqual([]);
        await taco.screenshot(`share-menu-${theme}-${width}`);
        await page.keyboard.press('Escape');
      }
    });
  }
});
