import type { Page } from '@playwright/test';
import { lookAt } from '../support/look-at';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';
import { seriousDefaultViolations } from '../support/axe';

/** axe-core with its default rules over the page as it is: serious and critical violations, named. */
/** axe (default rules) finds nothing serious; every width and theme with screenshots when TACO_MEMORY_SHOTS names a folder. */
const look = (page: Page, name: string): Promise<void> => lookAt(page, name, 'TACO_MEMORY_SHOTS', seriousDefaultViolations);

test.describe('memory', () => {
  test('a note saved through approval is remembered on the next turn, then edited and deleted in Settings → Memory', async ({
    taco,
    page,
  }) => {
    // Four axe scans (twelve with TACO_MEMORY_SHOTS) on a loaded machine.
    test.setTimeout(600_000);
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'llama3.2:3b');

    // The model asks to save a note: the card shows it, and nothing is kept before the user allows it.
    await page.getByTestId('composer').fill('Please remember my tea preference');
    await page.getByTestId('composer').press('Enter');
    const card = page.getByTestId('approval-card');
    await expect(card).toBeVisible();
    await expect(card).toContainText('I prefer green tea');
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('Saved to memory.');

    // The next turn recalls it into the prompt (the fake model answers from it) and shows it as Remembered.
    await page.getByTestId('composer').fill('Which tea should I brew?');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('answer-text').last()).toHaveText('Your notes say you prefer green tea.');
    const remembered = page.getByTestId('message').last().getByTestId('remembered');
    await expect(remembered.getByTestId('remembered-toggle')).toHaveText('Remembered: I prefer green tea');
    await remembered.getByTestId('remembered-toggle').click();
    await expect(remembered.getByTestId('remembered-item')).toHaveCount(1);
    await look(page, 'memory-turn-remembered');

    // Its link opens Settings → Memory with the note marked.
    await remembered.getByTestId('remembered-open').click();
    const settings = page.getByTestId('memory-settings');
    await expect(settings).toBeVisible();
    const row = settings.getByTestId('memory-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveClass(/memory-row-focused/);
    await expect(row.getByTestId('memory-text')).toHaveText('I prefer green tea');
    await expect(row.getByTestId('memory-scope')).toHaveText('Global');
    await expect(row).toContainText('saved by the model');
    await look(page, 'memory-settings');

    // Edited: the new text is what main keeps (a fresh list shows it).
    await row.getByTestId('memory-edit').click();
    await row.getByTestId('memory-edit-text').fill('I prefer jasmine tea');
    await row.getByTestId('memory-edit-save').click();
    await expect(settings.getByTestId('memory-text')).toHaveText('I prefer jasmine tea');
    await settings.getByTestId('memory-filter').selectOption('global');
    await expect(settings.getByTestId('memory-text')).toHaveText('I prefer jasmine tea');

    // Deleted after a confirmation: the list is empty, and the next turn remembers nothing.
    await settings.getByTestId('memory-delete').click();
    await page.getByTestId('memory-delete-dialog-confirm').click();
    await expect(settings.getByTestId('memory-empty')).toBeVisible();
    await page.getByTestId('settings-cancel').click();
    await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
    await page.getByTestId('composer').fill('Which tea should I brew?');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('answer-text').last()).toHaveText('I do not know which tea you like.');
    await expect(page.getByTestId('message').last().getByTestId('remembered')).toHaveCount(0);
  });
});
