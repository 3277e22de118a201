import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

test.describe('tool selection and truncation', () => {
  test('with a small tool budget the turn says "Offered N of M tools"; a prompt that filled the window shows the warning', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('context-filled');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await pickModel(page, 'llama3.2:3b');

    // The built-in tools exceed a budget of 8, so each request carries the 8 most relevant.
    await page.getByTestId('settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByTestId('settings-tab-tool-selection').click();
    await dialog.getByTestId('settings-tool-budget').fill('8');
    await dialog.getByTestId('settings-save').click();
    await expect(dialog).toHaveCount(0);

    await page.getByTestId('composer').fill('What is in notes.txt?');
    await page.getByTestId('composer').press('Enter');

    await expect(page.getByTestId('answer-text').last()).toHaveText('The notes say to buy milk.');
    // The note is behind the turn's "i" (read_file was offered, so nothing shows it unasked).
    await expect(page.getByTestId('tools-offered')).toHaveCount(0);
    await page.getByTestId('tools-offered-toggle').click();
    await expect(page.getByTestId('tools-offered')).toHaveText(/^Offered 8 of \d+ tools, ranked by keywords\.$/);
    const total = Number(/of (\d+) tools/.exec((await page.getByTestId('tools-offered').textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(8);
    const warning = page.getByTestId('truncation-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/Ollama kept (\d+) tokens in a \1-token window/);
    await expect(warning).toContainText('Raise the context in Conversation options, or use fewer tools.');
    await taco.screenshot('tool-selection-truncation');

    await page.getByTestId('catalogue-button').click();
    await expect(page.getByTestId('catalogue-offered-summary')).toContainText(`offered 8 of ${total} tools`);
    await expect(page.getByTestId('offered-badge')).toHaveCount(8);
  });
});
