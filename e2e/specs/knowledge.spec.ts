import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { lookAt } from '../support/look-at';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';
import { seriousDefaultViolations } from '../support/axe';

/** axe (default rules) finds nothing serious; every width and theme with screenshots when TACO_KNOWLEDGE_SHOTS names a folder. */
const look = (page: Page, name: string): Promise<void> => lookAt(page, name, 'TACO_KNOWLEDGE_SHOTS', seriousDefaultViolations);

test.describe('knowledge', () => {
  test('a folder added in Settings → Knowledge answers with a citation that opens its passage', async ({ taco, page }) => {
    test.setTimeout(600_000);
    const folder = taco.tempDir('taco-e2e-knowledge-');
    mkdirSync(join(folder, 'house'), { recursive: true });
    writeFileSync(join(folder, 'house', 'boiler.md'), '# Boiler\n\nThe boiler pressure should read 1.5 bar when cold.\n');
    writeFileSync(join(folder, 'garden.md'), '# Roses\n\nPrune roses in late winter.\n');
    writeFileSync(join(folder, 'blob.txt'), Buffer.from([0, 1, 2, 3, 0, 255, 0, 7]));
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });

    await page.getByTestId('settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Knowledge' }).click();
    const settings = dialog.getByTestId('knowledge-settings');
    await settings.getByTestId('knowledge-add-path').fill(join(folder, 'missing'));
    await settings.getByTestId('knowledge-add').click();
    await expect(settings.getByTestId('knowledge-add-error')).toContainText('cannot be read');
    await settings.getByTestId('knowledge-add-path').fill(folder);
    await settings.getByTestId('knowledge-add').click();
    const row = settings.getByTestId('knowledge-row');
    await expect(row.getByTestId('knowledge-state')).toHaveText(/^Ready: 2 files, \d+ passages?$/);
    await expect(row.getByTestId('knowledge-scope')).toHaveText('Global');
    await row.getByTestId('knowledge-skipped').locator('summary').click();
    await expect(row.getByTestId('knowledge-skipped')).toContainText('blob.txt');
    await look(page, 'knowledge-settings');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('What should the boiler pressure read?');
    await page.getByTestId('composer').press('Enter');
    const answer = page.getByTestId('answer-text').last();
    await expect(answer).toHaveText('Keep the boiler at 1.5 bar when cold [1].');
    await expect(page.getByTestId('knowledge-used-toggle').last()).toHaveText(/^Used \d+ passages? from \d+ files?$/);

    await answer.getByTestId('citation').click();
    const passage = page.getByTestId('passage-dialog');
    await expect(passage.getByTestId('passage-file')).toHaveText(/house\/boiler\.md$/);
    await expect(passage.getByTestId('passage-place')).toHaveText(/^lines? \d+(–\d+)? · Boiler$/);
    await expect(passage.getByTestId('passage-text')).toContainText('1.5 bar when cold');
    await look(page, 'knowledge-passage');
    await page.keyboard.press('Escape');
    await expect(passage).toBeHidden();

    // Off by default: the message goes out without passages unless the model searches.
    await page.getByTestId('composer').fill('When should I prune the roses?');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('answer-text').last()).toHaveText('No passages came with your message.');

    // On for this conversation: main searches before the model's turn and the answer cites what it found.
    await page.getByTestId('options-button').click();
    const options = page.getByTestId('options-dialog');
    const toggle = options.getByTestId('options-search-knowledge');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await look(page, 'knowledge-every-message-option');
    await options.getByTestId('options-save').click();
    await expect(options).toBeHidden();
    await page.getByTestId('composer').fill('When should I prune the roses?');
    await page.getByTestId('composer').press('Enter');
    const cited = page.getByTestId('answer-text').last();
    await expect(cited).toHaveText(/^Prune roses in late winter \[\d+\]\.$/);
    await expect(page.getByTestId('knowledge-used-toggle').last()).toHaveText(/^Used \d+ passages? from \d+ files?$/);
    await cited.getByTestId('citation').click();
    await expect(passage.getByTestId('passage-file')).toHaveText(/garden\.md$/);
    await expect(passage.getByTestId('passage-text')).toContainText('Prune roses in late winter.');
    await page.keyboard.press('Escape');

    // A project can say the same for all its conversations.
    await page.getByTestId('new-project').click();
    const project = page.getByTestId('project-dialog');
    await expect(project.getByTestId('project-search-knowledge')).toHaveAttribute('aria-checked', 'false');
    await project.getByTestId('project-search-knowledge').click();
    await look(page, 'knowledge-every-message-project');
    await page.keyboard.press('Escape');
  });
});
