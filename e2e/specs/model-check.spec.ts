import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/taco-fixture';

/** Serious and critical findings of axe's default rules inside `selector`. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('Check this model', () => {
  test('a check runs in its row without moving Delete and can be cancelled; a finished one leaves its report card in the row, with tuned settings applied only on Accept, and a comparison', async ({
    taco,
    page,
  }) => {
    // Three checks run to their end or their cancel, one try after another through the real loop.
    test.slow();
    const ollama = await taco.startFakeOllama('model-check');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    const openModels = async () => {
      await page.getByTestId('models-button').click();
      return page.getByRole('dialog', { name: 'Models' });
    };
    let dialog = await openModels();
    const row = (model: string) => dialog.locator(`[data-testid="model-row"][data-model="${model}"]`);

    // A slow model: the progress bar, its numbers and Cancel; Delete stays where the pointer was.
    const slowDelete = row('check-slow:3b').getByTestId('model-delete');
    const deleteBefore = await slowDelete.boundingBox();
    await row('check-slow:3b').getByTestId('model-check-start').click();
    const progress = row('check-slow:3b').getByTestId('model-check-progress');
    await expect(progress.getByRole('progressbar', { name: 'Checking check-slow:3b' })).toBeVisible();
    await expect(progress.getByTestId('model-check-status')).toContainText(/Checking: \d+ of 27 tries/);
    expect(await slowDelete.boundingBox()).toEqual(deleteBefore);
    // One model at a time: the other rows wait.
    await expect(row('check-good:3b').getByTestId('model-check-start')).toBeDisabled();
    await progress.getByTestId('model-check-cancel').click();
    await expect(progress).toHaveCount(0);
    await expect(row('check-good:3b').getByTestId('model-check-start')).toBeEnabled();

    // Two checks to the end: each card in its model's row, and the comparison. A check is 27 tries
    // and 6 more for the format comparison (and tuning's), one after another: its card may take
    // longer than one expect's default.
    const wholeCheck = { timeout: 60_000 };
    await row('check-good:3b').getByTestId('model-check-start').click();
    const goodCard = row('check-good:3b').getByTestId('report-card');
    await expect(goodCard.getByTestId('report-verdict')).toHaveText('Reliable with tools: all 9 tasks every time', wholeCheck);
    await expect(goodCard.getByRole('heading')).toHaveText('Report card: check-good:3b');
    await expect(goodCard.getByTestId('report-tuned')).toContainText('did best');
    await expect(goodCard.getByTestId('report-proposal')).toHaveCount(0);

    await row('check-native-broken:3b').getByTestId('model-check-start').click();
    const brokenCard = row('check-native-broken:3b').getByTestId('report-card');
    await expect(brokenCard.getByTestId('report-verdict')).toHaveText(
      /^\w[\w ]+ with tools: \d of 9 tasks every time$|^\w+ at tools: \d of 9 tasks every time$/,
      wholeCheck,
    );
    await expect(brokenCard.getByTestId('report-passk-words')).toContainText('a task counts as passed only when every try passed');
    await expect(brokenCard.getByTestId('report-failures')).toContainText('malformed call');
    const proposal = brokenCard.getByTestId('report-proposal');
    await expect(proposal).toHaveAttribute('data-decision', 'pending');
    await expect(brokenCard.getByTestId('report-tuned')).toContainText('Better settings found: prompt format');
    await expect(brokenCard.getByTestId('report-after')).toHaveText(/^(all 9|\d of 9) tasks? every time$/);

    // Not accepted yet: where the model is picked, nothing is tuned.
    const tunedOption = page
      .getByTestId('model-picker-popover')
      .locator('[data-model="check-native-broken:3b"] [data-testid="model-option-tuned"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('model-picker').click();
    await expect(page.getByTestId('model-picker-popover')).toBeVisible();
    await expect(tunedOption).toHaveCount(0);
    await page.keyboard.press('Escape');

    dialog = await openModels();
    await brokenCard.getByTestId('report-accept').click();
    await expect(proposal).toHaveAttribute('data-decision', 'accepted');
    await expect(brokenCard.getByTestId('report-tuned')).toContainText('In use: prompt format');

    const compare = dialog.getByTestId('compare-reports');
    await expect(compare.getByRole('columnheader')).toHaveCount(3);
    await expect(compare.getByRole('row', { name: /pass\^1/ })).toContainText('100 %');
    // The rows the export has, on screen too (one list: shared/probe/compare-table.ts).
    await expect(compare.getByRole('row', { name: /^prompt format/ })).toContainText("with the server's grammar");
    await expect(compare.getByRole('row', { name: /^median tool rounds/ })).toBeVisible();
    // axe's default rules on the cards and the comparison: the narrow dark and wide light layouts on
    // every run, each width and theme with a screenshot when TACO_MODEL_CHECK_SHOTS names a folder
    // (the full sweep costs minutes of a loaded CI machine).
    const shots = process.env['TACO_MODEL_CHECK_SHOTS'];
    if (shots) mkdirSync(shots, { recursive: true });
    const widths = (theme: 'light' | 'dark'): number[] => (shots ? [800, 1280, 1920] : theme === 'dark' ? [800] : [1920]);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of widths(theme)) {
        await page.setViewportSize({ width, height: width === 800 ? 600 : 900 });
        await brokenCard.scrollIntoViewIfNeeded();
        expect(await seriousViolations(page, '[data-testid="model-list"]'), `the report cards, ${theme}, at ${width}`).toEqual([]);
        if (shots) await page.screenshot({ path: join(shots, `model-check-card-${theme}-${width}.png`) });
        await compare.scrollIntoViewIfNeeded();
        expect(await seriousViolations(page, '[data-testid="compare-reports"]'), `the comparison, ${theme}, at ${width}`).toEqual([]);
        if (shots) await page.screenshot({ path: join(shots, `model-check-compare-${theme}-${width}.png`) });
      }
    }
    await page.keyboard.press('Escape');

    // Accepted: where the model is picked.
    await page.getByTestId('model-picker').click();
    await expect(tunedOption).toContainText('Tuned from its report: prompt format');
  });
});
