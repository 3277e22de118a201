import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type TacoHarness } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/**
 * Branches: editing a sent message or regenerating an answer keeps the old
 * version as a sibling; ‹ 1 / 2 › under the message moves between them and the rest of the
 * conversation follows; the choice is main's (a `branch-selected` event), so it survives a reload.
 */
async function openApp(taco: TacoHarness, page: Page) {
  const workspace = taco.tempDir('taco-e2e-ws-');
  writeFileSync(join(workspace, 'notes.txt'), 'Buy milk\n');
  const ollama = await taco.startFakeOllama('conversations');
  const dataDir = taco.tempDir('taco-e2e-data-');
  const app = await taco.openApp({ ollamaUrl: ollama.url, workspace, dataDir });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await pickModel(page, 'llama3.2:3b');
  return app;
}

async function send(page: Page, text: string) {
  const before = await page.locator('[data-testid="message"][data-role="assistant"]').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(before + 1);
  await expect(page.getByTestId('send-button')).toBeVisible();
}

const userTexts = (page: Page) => page.locator('[data-testid="message"][data-role="user"] .message-body');
const answers = (page: Page) => page.getByTestId('answer-text');

test.describe('branches', () => {
  test('an edit keeps the old version: ‹ 1 / 2 › flips between them and the rest follows, also after a reload', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'first question');
    await send(page, 'second question');

    await page.locator('[data-testid="message"][data-role="user"]').first().hover();
    await page.getByTestId('edit-message').first().click();
    await page.getByTestId('message-editor-input').fill('a better first question');
    await page.getByTestId('message-editor-input').press('Enter');
    await expect(answers(page)).toHaveCount(1);
    await expect(answers(page).first()).toContainText('you asked “a better first question”');
    await expect(page.getByTestId('send-button')).toBeVisible();

    const position = page.getByTestId('branch-position');
    await expect(position).toHaveCount(1);
    await expect(position).toHaveText('2 / 2');
    await expect(page.getByTestId('branch-next')).toBeDisabled();
    await taco.screenshot('branches-edited');

    await page.getByTestId('branch-previous').click();
    await expect(position).toHaveText('1 / 2');
    await expect(userTexts(page)).toHaveText(['first question', 'second question']);
    await expect(answers(page)).toHaveCount(2);
    await expect(answers(page).last()).toContainText('you asked “second question”');
    await expect(page.getByTestId('branch-previous')).toBeDisabled();

    // The choice is stored by main: a reload shows the same branch.
    await page.reload();
    await page.getByTestId('conversation-item').first().click();
    await expect(page.getByTestId('branch-position')).toHaveText('1 / 2');
    await expect(userTexts(page)).toHaveText(['first question', 'second question']);

    // The keyboard moves too: Right arrow on the focused group.
    await page.getByTestId('branch-next').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('branch-position')).toHaveText('2 / 2');
    await expect(userTexts(page)).toHaveText(['a better first question']);

    // The model reads only the chosen branch: the next answer continues it.
    await send(page, 'and then?');
    await expect(userTexts(page)).toHaveText(['a better first question', 'and then?']);
    await expect(page.getByTestId('branch-position')).toHaveText('2 / 2');
  });

  test('regenerate keeps the first answer as version 1 / 2', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'Say something');
    const first = (await answers(page).last().innerText()).trim();

    await page.getByTestId('regenerate').click();
    await expect(answers(page).last()).not.toHaveText(first);
    await expect(page.getByTestId('send-button')).toBeVisible();
    const second = (await answers(page).last().innerText()).trim();
    await expect(page.getByTestId('branch-position')).toHaveText('2 / 2');
    // Shown without hovering, under the question and under the answer.
    await page.mouse.move(1, 1);
    for (const id of ['branch-switcher', 'answer-branch-switcher']) {
      await expect(page.getByTestId(id)).toBeVisible();
      await expect(page.getByRole('toolbar').filter({ has: page.getByTestId(id) })).toHaveCSS('opacity', '1');
    }
    await expect(page.getByTestId('answer-branch-position')).toHaveText('2 / 2');
    await taco.screenshot('branches-after-regenerate');

    await page.getByTestId('answer-branch-previous').click();
    await expect(page.getByTestId('branch-position')).toHaveText('1 / 2');
    await expect(answers(page)).toHaveText([first]);
    await page.getByTestId('branch-next').click();
    await expect(answers(page)).toHaveText([second]);
    await expect(userTexts(page)).toHaveText(['Say something']);
  });
});
