import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/taco-fixture';

test.describe('Check this model', () => {
  test('a check shows its progress and can be cancelled; a finished one leaves a report card, tuned settings in the picker and a comparison', async ({
    taco,
    page,
  }) => {
    // Three checks run to their end or their cancel, one try after another through the real loop.
    test.slow();
    const ollama = await taco.startFakeOllama('model-check');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('models-button').click();
    const dialog = page.getByRole('dialog', { name: 'Models' });
    const row = (model: string) => dialog.locator(`[data-testid="model-row"][data-model="${model}"]`);

    // A slow model: the progress bar, its numbers and Cancel.
    await row('check-slow:3b').getByTestId('model-check-start').click();
    const progress = row('check-slow:3b').getByTestId('model-check-progress');
    await expect(progress.getByRole('progressbar', { name: 'Checking check-slow:3b' })).toBeVisible();
    await expect(progress.getByTestId('model-check-status')).toContainText(/Checking: \d+ of 24 tries/);
    // One model at a time: the other rows wait.
    await expect(row('check-good:3b').getByTestId('model-check-start')).toBeDisabled();
    await progress.getByTestId('model-check-cancel').click();
    await expect(progress).toHaveCount(0);
    await expect(row('check-good:3b').getByTestId('model-check-start')).toBeEnabled();

    // Two checks to the end: their cards, and the comparison. A check is 24 tries and 6 more for
    // the format comparison (and tuning's), one after another: its card may take longer than one expect's default.
    const wholeCheck = { timeout: 60_000 };
    await row('check-good:3b').getByTestId('model-check-start').click();
    const goodCard = dialog.locator('[data-testid="report-card"][data-model="check-good:3b"]');
    await expect(goodCard.getByTestId('report-pass1')).toHaveText('100 %', wholeCheck);
    await expect(goodCard.getByTestId('report-tuned')).toHaveText('Tuned from its report: native tool calls, 16 tools');
    await row('check-native-broken:3b').getByTestId('model-check-start').click();
    const brokenCard = dialog.locator('[data-testid="report-card"][data-model="check-native-broken:3b"]');
    await expect(brokenCard.getByTestId('report-failures')).toContainText('malformed call', wholeCheck);
    await expect(brokenCard.getByTestId('report-tuned')).toContainText('Tuned from its report: prompt format');
    const compare = dialog.getByTestId('compare-reports');
    await expect(compare.getByRole('columnheader')).toHaveCount(3);
    await expect(compare.getByRole('row', { name: /pass\^1/ })).toContainText('100 %');
    // The rows the export has, on screen too (one list: shared/probe/compare-table.ts).
    await expect(compare.getByRole('row', { name: /^prompt format/ })).toContainText("with the server's grammar");
    await expect(compare.getByRole('row', { name: /^median tool rounds/ })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1920, 1280, 800]) {
        await page.setViewportSize({ width, height: width === 800 ? 600 : 900 });
        await compare.scrollIntoViewIfNeeded();
        const axe = await new AxeBuilder({ page })
          .include('[data-testid="compare-reports"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(
          serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
          `the comparison, ${theme}, at ${width}`,
        ).toEqual([]);
        await taco.screenshot(`model-check-compare-${theme}-${width}`);
      }
    }
    await page.keyboard.press('Escape');

    // Where the model is picked.
    await page.getByTestId('model-picker').click();
    await expect(
      page.getByTestId('model-picker-popover').locator('[data-model="check-native-broken:3b"] [data-testid="model-option-tuned"]'),
    ).toContainText('Tuned from its report: prompt format');
  });
});
