import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';
import { SCRIPTLESS_FRAMES } from '../support/axe';

async function seriousDefaultViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude(SCRIPTLESS_FRAMES).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** axe finds nothing serious: narrow dark and wide light on every run; every width and theme, with screenshots, when TACO_KNOWLEDGE_SHOTS names a folder. */
async function lookAt(page: Page, name: string): Promise<void> {
  const shots = process.env['TACO_KNOWLEDGE_SHOTS'];
  if (shots) mkdirSync(shots, { recursive: true });
  const widths = (theme: 'light' | 'dark'): number[] => (shots ? [800, 1280, 1920] : theme === 'dark' ? [800] : [1920]);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of widths(theme)) {
      await page.setViewportSize({ width, height: width === 800 ? 700 : 900 });
      expect(await seriousDefaultViolations(page), `${name}, ${theme}, at ${width}`).toEqual([]);
      if (shots) await page.screenshot({ path: join(shots, `${name}-${theme}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

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
    await lookAt(page, 'knowledge-settings');
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
    await lookAt(page, 'knowledge-passage');
  });
});
