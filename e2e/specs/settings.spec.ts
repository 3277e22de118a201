import { expect, test } from '../support/taco-fixture';

test.describe('settings', () => {
  test('round trip: test the host, change limits, approvals, workspace, theme and text size; they stay after a reload', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    const workspace = taco.tempDir('taco-e2e-settings-ws-');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();

    await page.getByTestId('settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByTestId('settings-host-input')).toBeFocused();
    await dialog.getByTestId('settings-test-host').click();
    await expect(dialog.getByTestId('settings-test-result')).toHaveText(`Connected: Ollama 0.12.0 answers at ${ollama.url}.`);

    await dialog.getByTestId('settings-tab-limits').click();
    await dialog.getByTestId('settings-limit-maxIterations').fill('15');
    await dialog.getByTestId('settings-limit-timeoutSeconds').fill('300');
    await dialog.getByTestId('settings-limit-maxConsecutiveErrors').fill('4');
    await dialog.getByTestId('settings-limit-depthLimit').fill('30');
    await dialog.getByTestId('settings-tab-approvals').click();
    await dialog.getByTestId('settings-approval-shell').selectOption('allow');
    await dialog.getByTestId('settings-tab-workspace').click();
    await dialog.getByTestId('settings-workspace').fill(workspace);
    await dialog.getByTestId('settings-tab-connection').click();
    await dialog.getByTestId('settings-default-model').click();
    await page.getByTestId('settings-default-model-popover').locator('[data-model="qwen3:4b"]').click();
    await dialog.getByTestId('settings-tab-appearance').click();
    await dialog.getByTestId('settings-theme').selectOption('dark');
    await dialog.getByTestId('settings-font-size').fill('16');
    await taco.screenshot('settings-dialog');
    await dialog.getByTestId('settings-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('16px');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('settings-button').click();
    await dialog.getByTestId('settings-tab-limits').click();
    await expect(dialog.getByTestId('settings-limit-maxIterations')).toHaveValue('15');
    await expect(dialog.getByTestId('settings-limit-timeoutSeconds')).toHaveValue('300');
    await expect(dialog.getByTestId('settings-limit-maxConsecutiveErrors')).toHaveValue('4');
    await expect(dialog.getByTestId('settings-limit-depthLimit')).toHaveValue('30');
    await dialog.getByTestId('settings-tab-approvals').click();
    await expect(dialog.getByTestId('settings-approval-shell')).toHaveValue('allow');
    await dialog.getByTestId('settings-tab-workspace').click();
    await expect(dialog.getByTestId('settings-workspace')).toHaveValue(workspace);
    await dialog.getByTestId('settings-tab-connection').click();
    await expect(dialog.getByTestId('settings-default-model')).toHaveAttribute('data-value', 'qwen3:4b');
    await dialog.getByTestId('settings-tab-appearance').click();
    await expect(dialog.getByTestId('settings-font-size')).toHaveValue('16');
    await taco.screenshot('settings-dark');
  });

  test('bad values are refused with words and never saved', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await page.getByTestId('settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const error = dialog.getByTestId('settings-error');

    await dialog.getByTestId('settings-tab-workspace').click();
    await dialog.getByTestId('settings-workspace').fill('/definitely/not/a/folder');
    await dialog.getByTestId('settings-tab-appearance').click();
    await dialog.getByTestId('settings-theme').selectOption('dark');
    await dialog.getByTestId('settings-save').click();
    await expect(error).toContainText('does not exist');
    await dialog.getByTestId('settings-tab-workspace').click();
    await dialog.getByTestId('settings-workspace').fill('');

    await dialog.getByTestId('settings-tab-limits').click();
    await dialog.getByTestId('settings-limit-maxIterations').fill('500');
    await dialog.getByTestId('settings-save').click();
    await expect(error).toContainText('“Tool rounds per message”');

    await dialog.getByTestId('settings-limit-maxIterations').fill('10');
    await dialog.getByTestId('settings-tab-connection').click();
    await dialog.getByTestId('settings-host-input').fill('ftp://example.com');
    await dialog.getByTestId('settings-test-host').click();
    await expect(dialog.getByTestId('settings-test-result')).toContainText('is not an address TACO can use');
    await dialog.getByTestId('settings-save').click();
    await expect(error).toContainText('“Ollama host” must be an http:// or https:// URL');
    await taco.screenshot('settings-refused');

    // Nothing of the refused saves stuck: the theme is still the system one.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await page.getByTestId('settings-button').click();
    await expect(dialog.getByTestId('settings-host-input')).toHaveValue(ollama.url);
    await dialog.getByTestId('settings-tab-appearance').click();
    await expect(dialog.getByTestId('settings-theme')).toHaveValue('system');
    await dialog.getByTestId('settings-tab-workspace').click();
    await expect(dialog.getByTestId('settings-workspace')).toHaveValue('');
  });

  test('the Test button says when nothing answers at a host', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    const port = await taco.freePort();
    await taco.openApp({ ollamaUrl: ollama.url });
    await page.getByTestId('settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByTestId('settings-host-input').fill(`http://127.0.0.1:${port}`);
    await dialog.getByTestId('settings-test-host').click();
    const result = dialog.getByTestId('settings-test-result');
    await expect(result).toHaveAttribute('data-result', 'unreachable');
    await expect(result).toContainText('ollama serve');
  });

  for (const width of [800, 1280]) {
    test(`no page of the dialog scrolls sideways at ${width} px, whatever it holds`, async ({ taco, page }) => {
      const ollama = await taco.startFakeOllama('basic-chat');
      await taco.openApp({ ollamaUrl: ollama.url });
      await page.getByTestId('settings-button').click();
      // Narrow windows hide the button behind the sidebar toggle: open first, then narrow the window.
      await page.setViewportSize({ width, height: 800 });
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      const body = dialog.locator('.ui-dialog-body');
      const tabs = dialog.getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      const names = await tabs.allTextContents();
      expect(names.length).toBeGreaterThan(10);
      for (let index = 0; index < names.length; index += 1) {
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
        if (names[index] === 'Model servers') {
          // A long unbroken value in the Add server row must wrap or shrink, not widen the page.
          await dialog.getByTestId('server-url').fill(`http://${'very-long-host-name-'.repeat(12)}.example/v1`);
        }
        const overflow = await body.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow, `${names[index]} at ${width} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
