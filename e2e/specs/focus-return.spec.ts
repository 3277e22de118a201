import AxeBuilder from '@axe-core/playwright';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SCRIPTLESS_FRAMES } from '../support/axe';
import { pickModel } from '../support/model-picker';
import { expect, test } from '../support/taco-fixture';

/** axe-core's default rule set (not only the WCAG tags) over the page: serious and critical violations, named. */
async function defaultRuleViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude(SCRIPTLESS_FRAMES).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The view at 800, 1280 and 1920 px in both themes, each scanned by axe; back at `width` after. */
async function lookAt(page: Page, taco: { screenshot(name: string): Promise<void> }, name: string, width: number): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const size of [800, 1280, 1920]) {
      await page.setViewportSize({ width: size, height: 800 });
      await taco.screenshot(`${name}-${size}-${theme}`);
      expect(await defaultRuleViolations(page), `${name} ${size} ${theme}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width, height: 800 });
}

async function ask(page: Page, text: string): Promise<void> {
  const answers = await page.getByTestId('answer-text').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text')).toHaveCount(answers + 1);
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
}

test.describe('focus goes back where it belongs', () => {
  // Each view is looked at in six sizes and themes, each scanned by axe: minutes on a loaded machine.
  test.describe.configure({ timeout: 420_000 });
  test('after Undo’s result closes, focus is on Redo where Undo was, not on the page', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    writeFileSync(join(workspace, 'hello.txt'), 'Old greeting\n');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Save a greeting file');
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('Saved hello.txt with the greeting.');

    const row = page.locator('[data-testid="tool-row"][data-tool="write_file"]');
    await row.getByTestId('tool-row-undo').click();
    const undo = page.getByTestId('undo-dialog');
    await undo.getByTestId('undo-confirm').click();
    await expect(undo.getByTestId('undo-message')).toContainText('Undid the write to hello.txt');
    await expect(row.getByTestId('tool-row-undone')).toBeVisible();
    await lookAt(page, taco, 'undo-result', 1280);
    await undo.getByTestId('undo-dialog-cancel').click();
    await expect(undo).toHaveCount(0);
    await expect(row.getByTestId('tool-row-redo')).toBeFocused();
  });

  test('at 800 px Settings and Tools from the drawer close the drawer, Esc closes them, focus returns to the rail', async ({
    taco,
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    // The model button is named by what it shows, then what it does.
    const picker = page.getByTestId('model-picker');
    const shown = ((await picker.innerText()).replace('▾', '').trim().split(/\s+/) ?? []).join(' ');
    expect(((await picker.getAttribute('aria-label')) ?? '').replace(/\s+/g, ' ')).toContain(shown);

    const rail = page.getByTestId('rail-conversations');
    await rail.click();
    const drawer = page.locator('#conversation-drawer');
    await expect(drawer).toBeVisible();
    await lookAt(page, taco, 'drawer-open', 800);
    await drawer.getByTestId('settings-button').click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings).toBeVisible();
    await expect(drawer).toHaveCount(0);
    await lookAt(page, taco, 'settings-from-drawer', 800);
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    await expect(rail).toBeFocused();

    // The drawer itself closes on Esc, focus on the rail.
    await rail.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(rail).toBeFocused();

    // Tools from the drawer: the drawer closes, Esc closes Tools, focus on the rail.
    await rail.click();
    await drawer.getByTestId('catalogue-button').click();
    const tools = page.getByTestId('catalogue');
    await expect(tools).toBeVisible();
    await expect(drawer).toHaveCount(0);
    await lookAt(page, taco, 'tools-from-drawer', 800);
    await page.keyboard.press('Escape');
    await expect(tools).toHaveCount(0);
    await expect(rail).toBeFocused();
  });

  test('at 800 px the artifact over the chat closes on Esc and gives focus back to Preview', async ({ taco, page }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    const ollama = await taco.startFakeOllama('artifacts');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await ask(page, 'Make me a clock page');
    const previewButton = page.getByTestId('answer-text').last().getByTestId('code-preview');
    await previewButton.click();
    const pane = page.getByTestId('artifact-pane');
    await expect(pane).toBeVisible();
    await lookAt(page, taco, 'artifact-overlay', 800);
    await pane.getByTestId('artifact-tab-code').click();
    await page.keyboard.press('Escape');
    await expect(pane).toHaveCount(0);
    await expect(previewButton).toBeFocused();
  });
});
