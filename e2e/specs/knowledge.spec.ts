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
  });
});
