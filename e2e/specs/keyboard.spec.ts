import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

test.describe('keyboard', () => {
  test('Ctrl+N new chat, Ctrl+K search, Ctrl+, settings, Esc closes and gives the focus back', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    const composer = page.getByTestId('composer');
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await composer.fill('Hi there');
    await composer.press('Enter');
    await expect(page.getByTestId('answer-text').last()).toHaveText('Hello! How can I help you today?');
    await expect(page.getByTestId('chat-title')).not.toHaveText('New chat');

    await page.getByTestId('message-list').click();
    await page.keyboard.press('Control+n');
    await expect(page.getByTestId('chat-title')).toHaveText('New chat');
    await expect(composer).toBeFocused();

    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('conversation-search')).toBeFocused();

    await composer.focus();
    await page.keyboard.press('Control+,');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings).toBeVisible();
    await expect(settings.getByTestId('settings-host-input')).toBeFocused();
    // Tab stays inside the dialog.
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('Tab');
    expect(await settings.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await taco.screenshot('keyboard-settings');
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    await expect(composer).toBeFocused();
  });

  test('Esc stops the answer wherever the focus is', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('slow-stream');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('Tell me a long story');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('answer-text').last()).toContainText(/\S+ \S+ \S+/);
    await page.getByTestId('new-chat').focus();
    await page.getByTestId('chat-title').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('stop-notice')).toHaveAttribute('data-reason', 'cancelled');
    await expect(page.getByTestId('send-button')).toBeVisible();
  });

  test('Esc while an approval waits leaves it waiting; Stop is the way to end the run', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');
    const composer = page.getByTestId('composer');
    await composer.fill('Save a greeting file');
    await composer.press('Enter');
    const card = page.getByTestId('approval-card');
    await expect(card.getByTestId('approval-allow-once')).toBeEnabled();

    // In the composer and anywhere else on the page.
    await composer.press('Escape');
    await page.getByTestId('chat-title').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('stop-button')).toBeVisible();
    await expect(page.getByTestId('stop-notice')).toHaveCount(0);
    await card.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('Saved hello.txt with the greeting.');
  });

  test('a keyboard-only user can pick a model, write, send and read the answer', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    const picker = page.getByTestId('model-picker');
    await expect(picker).toBeEnabled();
    await picker.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('model-search')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveAttribute('data-value', 'qwen3:4b');
    await expect(picker).toBeFocused();
    await page.keyboard.press('Control+n');
    await expect(page.getByTestId('composer')).toBeFocused();
    await page.keyboard.type('First line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="message"][data-role="user"]')).toContainText('First line\nsecond line');
    await expect(page.getByTestId('answer-text').last()).toHaveText('Hello! How can I help you today?');
    await expect(page.getByTestId('composer')).toBeFocused();
    // The focus ring is visible on the control the keyboard reaches.
    await page.keyboard.press('Shift+Tab');
    const outline = await page.evaluate(() => (document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : 'none'));
    expect(outline).not.toBe('none');
    await taco.screenshot('keyboard-only');
  });
});
